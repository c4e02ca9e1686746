import { randomUUID } from 'node:crypto';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { expect, it } from 'vitest';
import { CALLS, OPERATOR_CALLS, formatMoney, type CallBody, type CallResult, type orderList, type placeOrder } from '@wallet/contract';
import { OPTION_CODES, checkPeriod, drawDice, optionRule, parseOdds, payoutCents, seedFromHex, type Dice } from '@wallet/contract/game';
import { sqliteFileIn } from '../../db/database.js';
import { operatorToken } from '../../testing/accounts.js';
import { saveTestProject } from '../../testing/game.js';
import { assetsOf, verifyLedger } from '../../testing/money.js';
import { centsOf, userWithBalance } from '../../testing/money-load.js';
import { stopServerProcess, type DataLocation, type ServerProcess, processOnFreshData } from '../../testing/server-process.js';
import type { TestServer } from '../../testing/test-server.js';
import { callAs, operatorCallAs, reasonOf } from '../../testing/typed-call.js';

/*
 * The real server process with a few thousand orders in one period, killed
 * with SIGKILL while it draws that period, and started again on the same
 * data: the period is drawn with the dice its published seed gives, every
 * acknowledged order is settled exactly once by the rules, every balance is
 * what the orders say, and the ledger proves itself.
 */

const PROJECT = 'fast3-10s';
const USERS = 30;
/** Each user's money: enough for every try's orders, below the four-eyes threshold of an adjustment. */
const FUNDS = 900_00;
/** Order calls per user and try; each carries the most selections a call may. */
const CALLS_PER_USER = 6;
const SELECTIONS = 20;
/** Periods tried until a kill lands while the draw is being written. */
const TRIES = 3;
/** Orders stop this long before the lock, so none is in flight when it comes. */
const LOCK_MARGIN_MS = 800;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type User = Awaited<ReturnType<typeof userWithBalance>>;
type Order = CallResult<typeof placeOrder>['orders'][number];
type ListedOrder = CallResult<typeof orderList>['items'][number];

/**
 * Sees from outside whether a process is writing the period's draw: on
 * PostgreSQL the draw's UPDATE holds the period's row (orders only share it,
 * and there are none after the lock); on SQLite a write transaction holds
 * the database.
 */
interface DrawProbe {
  drawInFlight(periodNo: string): Promise<boolean>;
  drawn(periodNo: string): Promise<boolean>;
  close(): Promise<void>;
}

async function probeOf(data: DataLocation): Promise<DrawProbe> {
  const url = data.env.DATABASE_URL;
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return {
      async drawInFlight(periodNo) {
        try {
          await client.query('select 1 from periods where project_id = $1 and period_no = $2 for update nowait', [PROJECT, periodNo]);
          return false;
        } catch (error) {
          if ((error as { code?: string }).code === '55P03') return true;
          throw error;
        }
      },
      async drawn(periodNo) {
        const rows = await client.query('select drawn_at from periods where project_id = $1 and period_no = $2', [PROJECT, periodNo]);
        return rows.rows[0]?.drawn_at !== null && rows.rows[0]?.drawn_at !== undefined;
      },
      close: () => client.end(),
    };
  }
  const sqlite = new SQLite(sqliteFileIn(data.env.DATA_DIR!), { timeout: 0 });
  return {
    async drawInFlight() {
      try {
        sqlite.exec('begin immediate');
        sqlite.exec('rollback');
        return false;
      } catch (error) {
        if ((error as { code?: string }).code === 'SQLITE_BUSY') return true;
        throw error;
      }
    },
    async drawn(periodNo) {
      const row = sqlite.prepare('select drawn_at from periods where project_id = ? and period_no = ?').get(PROJECT, periodNo) as { drawn_at: number | null } | undefined;
      return row !== undefined && row.drawn_at !== null;
    },
    async close() {
      sqlite.close();
    },
  };
}

const fixture = processOnFreshData();
let running: ServerProcess | undefined;

/** Waits for a period of the project that has just opened, and answers it. */
async function freshlyOpenPeriod(server: TestServer, user: User) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const period = (await callAs(server, user, CALLS.gamePeriod, { projectId: PROJECT })).body.data;
    if (period.status === 'open' && period.locksAt - period.serverTime > 6_500) return period;
    const wait = period.status === 'upcoming' ? period.opensAt - period.serverTime : period.drawsAt - period.serverTime;
    await sleep(Math.max(50, Math.min(wait + 20, 1_000)));
  }
  throw new Error('no period opened');
}

/** Twenty different options, one to three units each. */
function randomSelections(): CallBody<typeof placeOrder>['selections'] {
  const options = [...OPTION_CODES].sort(() => Math.random() - 0.5).slice(0, SELECTIONS);
  return options.map((option) => ({ option, quantity: 1 + Math.floor(Math.random() * 3) }));
}

interface Acknowledged {
  user: User;
  body: CallBody<typeof placeOrder>;
  orders: Order[];
}

/** Every user orders, call after call, until the lock is near; answers what the server acknowledged. */
async function orderUntilTheLock(server: TestServer, users: User[], periodNo: string, stopAt: number): Promise<Acknowledged[]> {
  const acknowledged: Acknowledged[] = [];
  await Promise.all(
    users.map(async (user) => {
      for (let n = 0; n < CALLS_PER_USER && Date.now() < stopAt; n += 1) {
        const body = { projectId: PROJECT, periodNo, selections: randomSelections(), requestId: randomUUID() };
        const answer = await callAs(server, user, CALLS.placeOrder, body);
        // The lock may come first on a slow machine; anything else is a failure.
        if (answer.status !== 200 && reasonOf(answer) === 'PERIOD_CLOSED') return;
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        acknowledged.push({ user, body, orders: answer.body.data.orders });
      }
    }),
  );
  return acknowledged;
}

type Landing = 'while-drawing' | 'after-the-draw' | 'before-the-draw';

/** Kills the server the moment the period's draw is seen being written (or, failing that, once it is drawn or long overdue). */
async function killDuringTheDraw(victim: ServerProcess, probe: DrawProbe, period: { periodNo: string; drawsAt: number }, clockSkew: number): Promise<Landing> {
  const drawsAtHere = period.drawsAt - clockSkew;
  await sleep(Math.max(0, drawsAtHere - Date.now() - 100));
  // Seen twice running, a few milliseconds apart: a draw of thousands of orders takes far longer than any other write.
  let seen = 0;
  while (seen < 2 && Date.now() < drawsAtHere + 5_000) {
    seen = (await probe.drawInFlight(period.periodNo)) ? seen + 1 : 0;
    if (seen === 0 && (await probe.drawn(period.periodNo))) break;
    await sleep(2);
  }
  victim.child.kill('SIGKILL');
  await victim.exited;
  expect(victim.child.signalCode).toBe('SIGKILL');
  // Give the database a moment to end the dead connection's transaction.
  await sleep(200);
  if (await probe.drawn(period.periodNo)) return 'after-the-draw';
  return seen === 2 ? 'while-drawing' : 'before-the-draw';
}

async function ordersOf(server: TestServer, user: User): Promise<ListedOrder[]> {
  const items: ListedOrder[] = [];
  for (let page = 1; ; page += 1) {
    const response = await callAs(server, user, CALLS.orderList, { page, pageSize: 50 });
    expect(response.status).toBe(200);
    items.push(...response.body.data.items);
    if (items.length >= response.body.data.total || response.body.data.items.length === 0) return items;
  }
}

/** The period as players see it once drawn, after the restarted server has drawn it. */
async function drawnPeriod(server: TestServer, user: User, periodNo: string) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const history = await callAs(server, user, CALLS.gameHistory, { projectId: PROJECT, page: 1, pageSize: 20 });
    const found = history.body.data.items.find((p) => p.periodNo === periodNo);
    if (found) return found;
    await sleep(100);
  }
  throw new Error(`period ${periodNo} was not drawn after the restart`);
}

it('settles every order of a period exactly once when the server is killed while drawing it', async () => {
  running = await fixture.start();
  let server = running.server;
  const token = await operatorToken(server);
  await saveTestProject(server, token, { id: PROJECT });
  const users = await Promise.all(Array.from({ length: USERS }, () => userWithBalance(server, token, formatMoney(FUNDS))));
  const probe = await probeOf(fixture.data);

  const acknowledged: Acknowledged[] = [];
  const periods: { periodNo: string; serverSeedHash: string; landing: Landing }[] = [];
  try {
    for (let attempt = 0; attempt < TRIES && !periods.some((p) => p.landing === 'while-drawing'); attempt += 1) {
      const period = await freshlyOpenPeriod(server, users[0]!);
      const clockSkew = period.serverTime - Date.now();
      const placed = await orderUntilTheLock(server, users, period.periodNo, period.locksAt - clockSkew - LOCK_MARGIN_MS);
      acknowledged.push(...placed);
      const orders = placed.reduce((total, call) => total + call.orders.length, 0);
      expect(orders, 'orders placed in the period').toBeGreaterThanOrEqual(1_000);

      const landing = await killDuringTheDraw(running, probe, period, clockSkew);
      periods.push({ periodNo: period.periodNo, serverSeedHash: period.serverSeedHash, landing });
      running = await fixture.start();
      server = running.server;
    }
  } finally {
    await probe.close();
  }
  // At least one kill came while the draw was being written; the others, before or after it, must come out the same.
  expect(periods.map((p) => p.landing)).toContain('while-drawing');

  const dice = new Map<string, Dice>();
  for (const { periodNo, serverSeedHash } of periods) {
    const period = await drawnPeriod(server, users[0]!, periodNo);
    // The seed published before the kill, revealed after the restart; the dice follow from it by the published algorithm.
    expect(period).toMatchObject({ status: 'drawn', serverSeedHash });
    expect(await checkPeriod({ ...period, serverSeed: period.serverSeed!, dice: period.dice! })).toEqual({ hashMatches: true, diceMatch: true });
    expect(await drawDice(seedFromHex(period.serverSeed!)!, PROJECT, periodNo)).toEqual(period.dice);
    dice.set(periodNo, period.dice!);
  }

  // A retry of an acknowledged call after the restart answers as the first time and does nothing again (the orders below are each there once).
  const first = acknowledged[0]!;
  const retry = await callAs(server, first.user, CALLS.placeOrder, first.body);
  expect(retry.status).toBe(200);
  expect(retry.body.data.orders.map((o) => o.orderNo)).toEqual(first.orders.map((o) => o.orderNo));

  // Each acknowledged order is there once, settled by the rules; the user's money follows from the orders alone.
  const paidOut = new Map<string, number>();
  for (const user of users) {
    const mine = acknowledged.filter((a) => a.user === user).flatMap((a) => a.orders);
    const listed = await ordersOf(server, user);
    expect(listed.map((o) => o.orderNo).sort()).toEqual(mine.map((o) => o.orderNo).sort());
    let spent = 0;
    let won = 0;
    let units = 0;
    for (const order of listed) {
      const thrown = dice.get(order.periodNo)!;
      const amount = centsOf(order.amount);
      const payout = optionRule(order.option).wins(thrown) ? payoutCents(amount, parseOdds(order.odds)!) : 0;
      expect(order, order.orderNo).toMatchObject({ audited: true, dice: thrown, payout: formatMoney(payout), profit: formatMoney(payout - amount) });
      spent += amount;
      won += payout;
      paidOut.set(order.periodNo, (paidOut.get(order.periodNo) ?? 0) + payout);
      units += order.quantity;
    }
    const assets = await assetsOf(server, user);
    expect({ balance: assets.balance, coin: assets.coin }, user.username).toEqual({ balance: formatMoney(FUNDS - spent + won), coin: units });
  }

  // The console's figures per period agree with the orders.
  const listedPeriods = (await operatorCallAs(server, token, OPERATOR_CALLS.periods, { projectId: PROJECT, pageSize: 50 })).body.data.items;
  for (const { periodNo } of periods) {
    const orders = acknowledged.filter((a) => a.body.periodNo === periodNo).flatMap((a) => a.orders);
    const amount = orders.reduce((total, o) => total + centsOf(o.amount), 0);
    const payout = paidOut.get(periodNo) ?? 0;
    expect(listedPeriods.find((p) => p.periodNo === periodNo)).toMatchObject({
      status: 'drawn',
      orders: orders.length,
      amount: formatMoney(amount),
      payout: formatMoney(payout),
      houseResult: formatMoney(amount - payout),
    });
  }

  const report = await verifyLedger(server, token);
  expect(report.problems).toEqual([]);
  expect(report.ok).toBe(true);
  await stopServerProcess(running, 'SIGTERM');
}, 180_000);
