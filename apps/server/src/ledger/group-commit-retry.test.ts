import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, formatMoney } from '@wallet/contract';
import { manualClock, operatorToken, startClockedServer, type ClockedServer } from '../testing/accounts.js';
import { assetsOf, openTestChannel, requestRecharge, review, verifyLedger } from '../testing/money.js';
import { centsOf, rechargesOf, userWithBalance } from '../testing/money-load.js';
import { onPostgres } from '../testing/test-database.js';
import type { CallResponse } from '../testing/test-server.js';
import { callAs, errorOf } from '../testing/typed-call.js';

/*
 * A batch of money writes that PostgreSQL picks as the victim of a real
 * deadlock: nothing of it stays, and each of its requests, run again alone,
 * gets the answer it would have had. The cycle is made with another session:
 * it holds B's balance row, the batch (A's and B's requests together) locks
 * A's rows and waits for B's, and then the other session asks for one of A's
 * rows. The batch waited first, so its deadlock check runs first and it is the
 * one rolled back.
 */

const PROJECT = 'fast3-1m';
/** Sending two requests at once usually puts them in one batch; when it did not, the round is played again. */
const ROUNDS = 6;
const POLL_MS = 10;

type User = Awaited<ReturnType<typeof userWithBalance>>;

let server: ClockedServer;
let token: string;
/** Another session: holds a row of B, then asks for one of A's. */
let other: pg.Client;
/** Watches the locks and counts the deadlocks, touching no row. */
let watcher: pg.Client;
let otherPid: number;

const connect = async (schema: string) => {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL, options: `-c search_path=${schema}` });
  await client.connect();
  return client;
};

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const giveUpAt = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > giveUpAt) throw new Error(`still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

async function deadlocksSoFar(): Promise<number> {
  // Counters are read from a snapshot kept for the transaction: a fresh one each time.
  await watcher.query('select pg_stat_clear_snapshot()');
  const { rows } = await watcher.query<{ deadlocks: string }>('select deadlocks from pg_stat_database where datname = current_database()');
  return Number(rows[0]!.deadlocks);
}

/** A backend of the server waiting for a lock the other session holds, if there is one now. */
async function waiterOnOther(): Promise<{ pid: number; query: string } | undefined> {
  const { rows } = await watcher.query<{ pid: number; query: string }>(
    "select pid, query from pg_stat_activity where $1 = any(pg_blocking_pids(pid)) and wait_event_type = 'Lock'",
    [otherPid],
  );
  return rows[0];
}

interface Round<T> {
  /** The row of B the other session holds first: B's balance, which the batch locks after A's rows. */
  held: { sql: string; params: unknown[] };
  /** A row of A the batch locks before any balance. */
  probe: { sql: string; params: unknown[] };
  /** Sends A's and B's requests at once. */
  send(): Promise<CallResponse<T>>[];
}

type RoundResult<T> = { answers: CallResponse<T>[]; batchWasVictim: boolean };

/**
 * One try at the cycle. `batchWasVictim` is proven, not assumed: the batch
 * held A's row (a NOWAIT lock on it was refused while the batch waited for
 * B's balance), and the other session, still holding B's balance, was then
 * granted A's row. The batch cannot have committed without B's balance, so it
 * was rolled back, and only the deadlock rolls it back.
 */
async function round<T>(spec: Round<T>): Promise<RoundResult<T>> {
  await other.query('begin');
  const held = await other.query(`${spec.held.sql} for update`, spec.held.params);
  expect(held.rowCount).toBe(1);
  const sent = spec.send();
  let batchWasVictim = false;
  try {
    const waiter = await until('a server transaction to wait for the held row', waiterOnOther);
    expect(waiter.query).toMatch(/ledger_accounts/);
    await other.query('savepoint probe');
    let probed: pg.QueryResult | undefined;
    try {
      probed = await other.query(`${spec.probe.sql} for update nowait`, spec.probe.params);
    } catch (error) {
      // 55P03: the waiting transaction holds A's row, so A's request is in the batch that waits.
      if ((error as { code?: string }).code !== '55P03') throw error;
      await other.query('rollback to savepoint probe');
    }
    if (probed) {
      // A's request was not in the waiting batch: nothing to close a cycle with this time.
      expect(probed.rowCount).toBe(1);
    } else {
      try {
        const granted = await other.query(`${spec.probe.sql} for update`, spec.probe.params);
        expect(granted.rowCount).toBe(1);
        batchWasVictim = true;
      } catch (error) {
        // 40P01 here: on a slow machine the other session's own check ran first, so it lost instead of the batch.
        if ((error as { code?: string }).code !== '40P01') throw error;
      }
    }
  } finally {
    await other.query(batchWasVictim ? 'commit' : 'rollback');
  }
  return { answers: await Promise.all(sent), batchWasVictim };
}

/** Plays rounds until the batch was the deadlock's victim; each round's answers are handed to `seen`. */
async function untilVictim<T>(next: () => Promise<Round<T>>, seen: (answers: CallResponse<T>[], victim: boolean) => void): Promise<void> {
  for (let attempt = 0; attempt < ROUNDS; attempt += 1) {
    const { answers, batchWasVictim } = await round(await next());
    seen(answers, batchWasVictim);
    if (batchWasVictim) return;
  }
  throw new Error(`no batch was the victim of a deadlock in ${ROUNDS} rounds`);
}

/** The project's period, open: a fresh server's first one opens on the next minute, and this clock moves only when told. */
async function openPeriod(user: User) {
  const shown = (await callAs(server, user, CALLS.gamePeriod, { projectId: PROJECT })).body.data;
  if (shown.status === 'upcoming') server.clock.advance(shown.opensAt - server.clock.now());
  const period = (await callAs(server, user, CALLS.gamePeriod, { projectId: PROJECT })).body.data;
  expect(period.status).toBe('open');
  return period;
}

const accountRow = (user: User) => ({ sql: 'select id from ledger_accounts where id = $1', params: [`${user.id}:available`] });

describe.runIf(onPostgres)('a batch chosen as the victim of a deadlock', () => {
  beforeAll(async () => {
    // The clock moves only when told: the period stays open however long the rounds take.
    server = await startClockedServer({ TIME_ZONE: 'UTC' }, manualClock(Math.floor(Date.now() / 60_000) * 60_000 + 20_000));
    token = await operatorToken(server);
    const schema = server.database.location.schema!;
    other = await connect(schema);
    watcher = await connect(schema);
    otherPid = (await other.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
  });

  afterAll(async () => {
    await other.end();
    await watcher.end();
    await server.close();
  });

  it('answers each order of it after its run alone, places each once, and the ledger verifies', async () => {
    const a = await userWithBalance(server, token, '100.00');
    const b = await userWithBalance(server, token, '100.00');
    const period = await openPeriod(a);
    type Sent = { user: User; requestId: ReturnType<typeof randomUUID>; quantity: number; option: string };
    const sent: Sent[] = [];
    const order = (user: User, quantity: number, option: string, requestId = randomUUID()) =>
      callAs(server, user, CALLS.placeOrder, { projectId: PROJECT, periodNo: period.periodNo, selections: [{ option, quantity }], requestId });
    const spent = (user: User) => sent.filter((s) => s.user === user).reduce((sum, s) => sum + s.quantity * 100, 0);

    // Each has a protection row before the rounds, so the batch has a row of A to lock and the probe one to ask for.
    for (const user of [a, b]) {
      const requestId = randomUUID();
      expect((await order(user, 1, 'big', requestId)).status).toBe(200);
      sent.push({ user, requestId, quantity: 1, option: 'big' });
    }

    const deadlocksBefore = await deadlocksSoFar();
    let victimRound: { requests: Sent[]; answers: Awaited<ReturnType<typeof order>>[] } | undefined;
    let turn = 0;
    await untilVictim(
      async () => {
        turn += 1;
        const requests: Sent[] = [
          { user: a, requestId: randomUUID(), quantity: 2 + turn, option: 'small' },
          { user: b, requestId: randomUUID(), quantity: 3 + turn, option: 'odd' },
        ];
        sent.push(...requests);
        return {
          held: accountRow(b),
          probe: { sql: 'select user_id from player_protection where user_id = $1', params: [a.id] },
          send: () => requests.map((r) => order(r.user, r.quantity, r.option, r.requestId)),
        };
      },
      (answers, victim) => {
        for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        if (victim) victimRound = { requests: sent.slice(-2), answers };
      },
    );

    // The deadlock really happened, and PostgreSQL counted it.
    await until('the deadlock to be counted', async () => ((await deadlocksSoFar()) > deadlocksBefore ? true : undefined), 15_000);

    // Each user's orders are sent one after another: each answer holds the balance after all of that user's orders.
    const { requests, answers } = victimRound!;
    for (const [index, request] of requests.entries()) {
      const answer = answers[index]!.body.data;
      expect(answer.orders.map((o) => [o.option, o.quantity, o.amount])).toEqual([[request.option, request.quantity, formatMoney(request.quantity * 100)]]);
      expect(answer.balance).toBe(formatMoney(100_00 - spent(request.user)));
    }

    // A resend gets the first answer: the key claimed in the rolled-back batch was claimed again, once, by the run alone.
    for (const [index, request] of requests.entries()) {
      const again = await order(request.user, request.quantity, request.option, request.requestId);
      expect(again.status).toBe(200);
      expect(again.body.data).toEqual(answers[index]!.body.data);
    }
    // Each request placed exactly once: nothing of the rolled-back batch stayed, and the resends placed nothing.
    for (const user of [a, b]) {
      const listed = await callAs(server, user, CALLS.orderList, { projectId: PROJECT, periodNo: period.periodNo, page: 1, pageSize: 50 });
      expect(listed.status).toBe(200);
      const mine = sent.filter((s) => s.user === user);
      expect(listed.body.data.total).toBe(mine.length);
      expect(listed.body.data.items.map((o) => o.quantity).sort()).toEqual(mine.map((s) => s.quantity).sort());
      const assets = await assetsOf(server, user);
      expect({ balance: assets.balance, ordered: assets.totals['ordered'] }).toEqual({ balance: formatMoney(100_00 - spent(user)), ordered: formatMoney(spent(user)) });
    }

    const report = await verifyLedger(server, token);
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
  });

  it('approves each recharge of it once after its run alone, and the ledger verifies', async () => {
    await openTestChannel(server, token);
    const a = await userWithBalance(server, token, '0');
    const b = await userWithBalance(server, token, '0');
    const approvedCents = new Map<User, number>([
      [a, 0],
      [b, 0],
    ]);
    const reviewed: { user: User; orderNo: string; payAmount: string }[] = [];
    const recharge = async (user: User) => {
      const asked = await requestRecharge(server, user, '20.00');
      expect(asked.status, JSON.stringify(asked.body)).toBe(200);
      return { user, orderNo: asked.body.data.orderNo, payAmount: asked.body.data.payAmount };
    };

    const deadlocksBefore = await deadlocksSoFar();
    let pending: Awaited<ReturnType<typeof recharge>>[] = [];
    await untilVictim(
      async () => {
        pending = [await recharge(a), await recharge(b)];
        return {
          held: accountRow(b),
          probe: { sql: 'select order_no from recharges where order_no = $1', params: [pending[0]!.orderNo] },
          send: () => pending.map((r) => review(server, token, 'recharges', r.orderNo, true)),
        };
      },
      (answers) => {
        answers.forEach((answer, index) => {
          const asked = pending[index]!;
          expect(answer.status, JSON.stringify(answer.body)).toBe(200);
          expect(answer.body.data).toMatchObject({ orderNo: asked.orderNo, status: 'completed', payAmount: asked.payAmount });
          approvedCents.set(asked.user, approvedCents.get(asked.user)! + centsOf(asked.payAmount));
        });
        reviewed.push(...pending);
      },
    );
    await until('the deadlock to be counted', async () => ((await deadlocksSoFar()) > deadlocksBefore ? true : undefined), 15_000);

    for (const user of [a, b]) {
      const assets = await assetsOf(server, user);
      expect({ balance: assets.balance, recharged: assets.totals['recharged'] }).toEqual({
        balance: formatMoney(approvedCents.get(user)!),
        recharged: formatMoney(approvedCents.get(user)!),
      });
      const records = await rechargesOf(server, user);
      expect(records.map((r) => r.status)).toEqual(records.map(() => 'completed'));
    }
    for (const r of reviewed) {
      const again = await review(server, token, 'recharges', r.orderNo, true);
      expect(again.status).toBe(409);
      expect(errorOf(again).reason).toBe('ALREADY_REVIEWED');
    }
    const report = await verifyLedger(server, token);
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
  });
});
