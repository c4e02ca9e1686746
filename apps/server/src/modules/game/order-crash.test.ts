import { randomUUID } from 'node:crypto';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { expect, it } from 'vitest';
import { CALLS, formatMoney, type CallBody, type CallResult, type placeOrder, type reviewRecharge } from '@wallet/contract';
import { operatorToken } from '../../testing/accounts.js';
import { saveTestProject } from '../../testing/game.js';
import { assetsOf, openPlainChannel, PLAIN_CHANNEL, requestRecharge, review, verifyLedger } from '../../testing/money.js';
import { centsOf, operatorRecordOf, rechargesOf, userWithBalance } from '../../testing/money-load.js';
import { sqliteFileIn } from '../../db/database.js';
import { answerOrNothing, ledgerCleanThenRestart, openData, processOnFreshData, stopServerProcess, type DataLocation, type ServerProcess } from '../../testing/server-process.js';
import type { CallResponse, TestServer } from '../../testing/test-server.js';
import { callAs, errorOf } from '../../testing/typed-call.js';

/*
 * The real server process under a load of orders and recharge approvals that
 * arrive together, so that they are written in batches, killed with SIGKILL
 * while batches are under way and started again on the same data: every
 * acknowledged order and approval is there as it was answered, an order sent
 * again with its requestId is placed once at most, no batch is half there
 * (each order has its transfer and each transfer its order), and the money
 * the users and the house hold is what was put in.
 */

const PROJECT = 'order-crash';
const USERS = 10;
/** Clients sending orders at once, several per user: the batches they make hold many requests each. */
const ORDER_CLIENTS = 40;
const APPROVAL_CLIENTS = 8;
const RECHARGES_PER_USER = 6;
/** Each client stops after this many even if the kill never came, so a broken run ends. */
const ORDERS_PER_CLIENT = 40;
/** Enough for every order a user's clients may send (4 clients × 40 orders × at most 3.00). */
const OPENING = 500_00;
/** The kill comes once this many orders and approvals were acknowledged: many still to come, many under way. */
const KILL_AFTER = { orders: 120, approvals: 10 };
/** No period the orders go into locks before this long after it is chosen: the whole test, restart included, runs before. */
const ORDER_WINDOW_MS = 120_000;

type User = Awaited<ReturnType<typeof userWithBalance>>;
type OrderBody = CallBody<typeof placeOrder>;
type OrderAnswer = CallResult<typeof placeOrder>;
type ReviewedRecharge = CallResult<typeof reviewRecharge>;
type Recharge = { user: User; orderNo: string; payAmount: string };

/**
 * One call of the load. `answer`: acknowledged before the kill. `lateAnswer`:
 * written by the server just before it died and read after the kill; the
 * client is taken never to have seen it, as when the connection drops, so the
 * call counts as in flight and its retry must come to that very answer.
 */
type Step =
  | { kind: 'order'; user: User; body: OrderBody; outcome: 'acknowledged' | 'in-flight'; answer?: OrderAnswer; lateAnswer?: OrderAnswer }
  | { kind: 'approval'; recharge: Recharge; outcome: 'acknowledged' | 'in-flight'; answer?: ReviewedRecharge; lateAnswer?: ReviewedRecharge };

const fixture = processOnFreshData();
let running: ServerProcess | undefined;

/** A period of the project that takes orders for longer than the test lasts: the one shown while upcoming, else the next. */
async function longOpenPeriod(server: TestServer, user: User): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const shown = (await callAs(server, user, CALLS.gamePeriod, { projectId: PROJECT })).body.data;
    const period = [shown, shown.next].find((p) => p && p.locksAt - shown.serverTime > ORDER_WINDOW_MS);
    if (period) return period.periodNo;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no period of ${PROJECT} takes orders for ${ORDER_WINDOW_MS} ms`);
}

/** How many orders the database holds, read from outside the server. */
async function orderCountProbe(data: DataLocation): Promise<{ storedOrders(): Promise<number>; close(): Promise<void> }> {
  const query = 'select count(*) as n from orders';
  const url = data.env.DATABASE_URL;
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return { storedOrders: async () => Number((await client.query<{ n: string }>(query)).rows[0]!.n), close: () => client.end() };
  }
  const sqlite = new SQLite(sqliteFileIn(data.env.DATA_DIR!), { readonly: true });
  const statement = sqlite.prepare(query);
  return { storedOrders: async () => Number((statement.get() as { n: number }).n), close: async () => void sqlite.close() };
}

/** Each stored order's request has its key with its answer, and a request with no order has no key at all. */
async function expectKeysFollowOrders(location: DataLocation, users: User[], steps: Extract<Step, { kind: 'order' }>[]): Promise<void> {
  const data = openData(location);
  try {
    for (const user of users) {
      const keys = await data.db.selectFrom('idempotency_keys').select(['request_id', 'response_json']).where('owner_id', '=', user.id).execute();
      const answered = new Map(keys.map((key) => [key.request_id, key.response_json === null ? null : (JSON.parse(key.response_json) as OrderAnswer)]));
      const stored = await data.db.selectFrom('orders').select('order_no').where('user_id', '=', user.id).where('project_id', '=', PROJECT).execute();
      const keyed = steps.filter((s) => s.user === user && answered.has(s.body.requestId));
      expect(keyed.map((s) => answered.get(s.body.requestId)).filter((answer) => answer === null)).toEqual([]);
      expect(new Set(keyed.flatMap((s) => answered.get(s.body.requestId)!.orders.map((o) => o.orderNo)))).toEqual(new Set(stored.map((o) => o.order_no)));
    }
  } finally {
    await data.close();
  }
}

/** Every order of the user, by order number. */
async function ordersOf(server: TestServer, user: User) {
  const orders = new Map<string, OrderAnswer['orders'][number]>();
  for (let page = 1; ; page += 1) {
    const listed = await callAs(server, user, CALLS.orderList, { projectId: PROJECT, page, pageSize: 50 });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    for (const order of listed.body.data.items) orders.set(order.orderNo, order);
    if (orders.size >= listed.body.data.total || listed.body.data.items.length === 0) return orders;
  }
}

it('keeps every acknowledged order and approval of a batch through a SIGKILL, places each in-flight order once, and leaves no batch half written', async () => {
  running = await fixture.start();
  let server = running.server;
  const token = await operatorToken(server);
  await openPlainChannel(server, token);
  await saveTestProject(server, token, { id: PROJECT, name: 'Order crash', periodSeconds: 180, lockSeconds: 10, maxQuantity: 100 });
  const users = await Promise.all(Array.from({ length: USERS }, () => userWithBalance(server, token, formatMoney(OPENING))));
  const periodNo = await longOpenPeriod(server, users[0]!);
  const recharges: Recharge[] = (
    await Promise.all(
      users.map(async (user) => {
        const made: Recharge[] = [];
        for (let i = 0; i < RECHARGES_PER_USER; i += 1) {
          const asked = await requestRecharge(server, user, formatMoney(10_00 + i * 1_00), { channelId: PLAIN_CHANNEL.id });
          expect(asked.status, JSON.stringify(asked.body)).toBe(200);
          made.push({ user, orderNo: asked.body.data.orderNo, payAmount: asked.body.data.payAmount });
        }
        return made;
      }),
    )
  ).flat();

  const probe = await orderCountProbe(fixture.data);
  const steps: Step[] = [];
  const failures: string[] = [];
  const acknowledged = { orders: 0, approvals: 0 };
  let killing = false;
  let killed = false;
  let killedRightAfterACommit = false;
  let underWayAtKill = 0;
  const victim = running;

  /** Sends one call and notes whether it was acknowledged; false once the server is gone (or refused it). */
  async function send<T>(step: Step, sent: () => Promise<CallResponse<T>>): Promise<boolean> {
    steps.push(step);
    const data = await answerOrNothing(step.kind, sent, failures);
    if (data === null) return false;
    if (killed) {
      step.lateAnswer = data as never;
      return false;
    }
    step.outcome = 'acknowledged';
    step.answer = data as never;
    acknowledged[step.kind === 'order' ? 'orders' : 'approvals'] += 1;
    if (!killing && acknowledged.orders >= KILL_AFTER.orders && acknowledged.approvals >= KILL_AFTER.approvals) {
      killing = true;
      killRightAfterACommit().catch((error: unknown) => failures.push(`probe: ${String(error)}`));
    }
    return true;
  }

  /**
   * Kills the server once the database holds orders not acknowledged yet: a
   * batch has just committed, its answers not read, the next batch under way.
   */
  async function killRightAfterACommit(): Promise<void> {
    const giveUpAt = Date.now() + 3000;
    try {
      while (!killedRightAfterACommit && Date.now() < giveUpAt) {
        killedRightAfterACommit = (await probe.storedOrders()) > acknowledged.orders;
        // Lets the answers in between polls: the SQLite probe never waits.
        if (!killedRightAfterACommit) await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      underWayAtKill = steps.filter((s) => s.outcome === 'in-flight').length;
      killed = true;
      victim.child.kill('SIGKILL');
    }
  }

  async function orderClient(index: number): Promise<void> {
    const user = users[index % USERS]!;
    for (let n = 0; n < ORDERS_PER_CLIENT; n += 1) {
      const body: OrderBody = {
        projectId: PROJECT,
        periodNo,
        selections: [{ option: ['big', 'small', 'odd', 'even'][(index + n) % 4]!, quantity: 1 + ((index * 7 + n) % 3) }],
        requestId: randomUUID(),
      };
      if (!(await send({ kind: 'order', user, body, outcome: 'in-flight' }, () => callAs(server, user, CALLS.placeOrder, body)))) return;
    }
  }

  const toApprove = [...recharges];
  async function approvalClient(): Promise<void> {
    for (let recharge = toApprove.shift(); recharge; recharge = toApprove.shift()) {
      const orderNo = recharge.orderNo;
      if (!(await send({ kind: 'approval', recharge, outcome: 'in-flight' }, () => review(server, token, 'recharges', orderNo, true)))) return;
    }
  }

  await Promise.all([...Array.from({ length: ORDER_CLIENTS }, (_, index) => orderClient(index)), ...Array.from({ length: APPROVAL_CLIENTS }, approvalClient)]);
  await victim.exited;
  await probe.close();
  expect(failures).toEqual([]);
  expect(victim.child.signalCode).toBe('SIGKILL');
  expect(killedRightAfterACommit).toBe(true);
  // Requests were under way in the server when it died: in the batch it was writing, or waiting for the next.
  expect(underWayAtKill).toBeGreaterThanOrEqual(ORDER_CLIENTS / 2);
  const orderSteps = steps.filter((s) => s.kind === 'order');
  const approvalSteps = steps.filter((s) => s.kind === 'approval');

  running = await ledgerCleanThenRestart(fixture);
  server = running.server;
  const report = await verifyLedger(server, token);
  expect(report.problems).toEqual([]);

  // Every acknowledged order is there as it was answered, and so is each one answered as the server died; the rest of what was in flight is there or not.
  let storedUnacknowledged = 0;
  for (const user of users) {
    const orders = await ordersOf(server, user);
    const mine = orderSteps.filter((s) => s.user === user);
    const acked = mine.filter((s) => s.outcome === 'acknowledged');
    for (const step of mine) for (const order of (step.answer ?? step.lateAnswer)?.orders ?? []) expect(orders.get(order.orderNo), order.orderNo).toEqual(order);
    expect(orders.size).toBeGreaterThanOrEqual(acked.length);
    expect(orders.size).toBeLessThanOrEqual(mine.length);
    storedUnacknowledged += orders.size - acked.length;
  }
  // The kill came right after a commit: some orders were written and never acknowledged, which the retries below must not place again.
  expect(storedUnacknowledged).toBeGreaterThan(0);
  // A batch's idempotency keys were answered in its transaction: each order stored has its answered key, and no key is left claimed.
  await expectKeysFollowOrders(fixture.data, users, orderSteps);

  // Every approval acknowledged, or answered as the server died, is there as it was answered; a recharge nobody reviewed is still under review.
  for (const step of approvalSteps) {
    const answer = step.answer ?? step.lateAnswer;
    if (answer) expect(await operatorRecordOf(server, token, 'recharges', step.recharge.orderNo)).toEqual(answer);
  }
  const reviewAsked = new Set(approvalSteps.map((s) => s.recharge.orderNo));
  for (const recharge of recharges.filter((r) => !reviewAsked.has(r.orderNo))) {
    expect((await operatorRecordOf(server, token, 'recharges', recharge.orderNo))?.status, recharge.orderNo).toBe('review');
  }

  // Sent again unchanged: an order answered before gets exactly that answer; one in flight is placed now or answered as it was placed, and a third send agrees.
  const resent = await Promise.all(orderSteps.map((step) => callAs(server, step.user, CALLS.placeOrder, step.body)));
  resent.forEach((answer, index) => {
    const step = orderSteps[index]!;
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const given = step.answer ?? step.lateAnswer;
    if (given) expect(answer.body.data).toEqual(given);
  });
  const inFlight = orderSteps.map((step, index) => ({ step, first: resent[index]! })).filter(({ step }) => step.outcome === 'in-flight');
  expect(inFlight.length).toBeGreaterThan(0);
  const resentAgain = await Promise.all(inFlight.map(({ step }) => callAs(server, step.user, CALLS.placeOrder, step.body)));
  resentAgain.forEach((answer, index) => expect(answer.body.data).toEqual(inFlight[index]!.first.body.data));
  // An approval in flight is made now, or was made before the kill (ALREADY_REVIEWED), never twice.
  const approvalsInFlight = approvalSteps.filter((s) => s.outcome === 'in-flight');
  const approvalRetries = await Promise.all(approvalsInFlight.map((s) => review(server, token, 'recharges', s.recharge.orderNo, true)));
  approvalRetries.forEach((retry, index) => {
    const expected = approvalsInFlight[index]!.lateAnswer ? [409] : [200, 409];
    expect(expected, JSON.stringify(retry.body)).toContain(retry.status);
    if (retry.status === 409) expect(errorOf(retry).reason).toBe('ALREADY_REVIEWED');
  });

  // One order per requestId, acknowledged or in flight, each the one its answers name.
  let ordered = 0;
  let approved = 0;
  for (const user of users) {
    const orders = await ordersOf(server, user);
    const mine = orderSteps.map((step, index) => ({ step, answer: resent[index]!.body.data })).filter(({ step }) => step.user === user);
    expect(orders.size).toBe(mine.length);
    expect(new Set(mine.flatMap(({ answer }) => answer.orders.map((o) => o.orderNo)))).toEqual(new Set(orders.keys()));
    for (const { step, answer } of mine) {
      expect(answer.orders.map((o) => [o.option, o.quantity, o.amount])).toEqual(step.body.selections.map((s) => [s.option, s.quantity, formatMoney(s.quantity * 100)]));
    }
    const spent = [...orders.values()].reduce((sum, o) => sum + centsOf(o.amount), 0);
    const recharged = (await rechargesOf(server, user)).filter((r) => r.status === 'completed').reduce((sum, r) => sum + centsOf(r.payAmount), 0);
    const assets = await assetsOf(server, user);
    expect({ balance: assets.balance, freeze: assets.freeze, ordered: assets.totals['ordered'], recharged: assets.totals['recharged'] }).toEqual({
      balance: formatMoney(OPENING + recharged - spent),
      freeze: '0.00',
      ordered: formatMoney(spent),
      recharged: formatMoney(recharged),
    });
    ordered += spent;
    approved += recharged;
  }
  // Every approval asked for was made, once.
  expect(approved).toBe(recharges.filter((r) => reviewAsked.has(r.orderNo)).reduce((sum, r) => sum + centsOf(r.payAmount), 0));

  // Money is conserved: what the users hold and the game took is what the adjustments and recharges put in, and nothing else moved.
  const data = openData(fixture.data);
  try {
    const accounts = await data.db.selectFrom('ledger_accounts').select(['id', 'user_id', 'kind', 'balance']).execute();
    const sum = (rows: typeof accounts) => rows.reduce((total, row) => total + Number(row.balance), 0);
    const putIn = USERS * OPENING + approved;
    const usersHold = sum(accounts.filter((a) => a.user_id !== null && a.kind !== 'coin'));
    const gameTook = sum(accounts.filter((a) => a.id.startsWith('system:game')));
    expect({ usersHold, gameTook }).toEqual({ usersHold: putIn - ordered, gameTook: ordered });
    expect(-sum(accounts.filter((a) => a.id === 'system:adjustments' || a.id.startsWith('system:world')))).toBe(putIn);
    expect(sum(accounts.filter((a) => a.kind !== 'coin' && a.id !== 'system:coin_issuer'))).toBe(0);
  } finally {
    await data.close();
  }

  const after = await verifyLedger(server, token);
  expect(after.problems).toEqual([]);
  expect(after.ok).toBe(true);
  await stopServerProcess(running, 'SIGTERM');
}, 120_000);
