import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CALLS, formatMoney } from '@wallet/contract';
import { operatorToken } from '../../testing/accounts.js';
import { assetsOf, verifyLedger } from '../../testing/money.js';
import { centsOf, userWithBalance } from '../../testing/money-load.js';
import { saveTestProject, waitForOpenPeriod } from '../../testing/game.js';
import { sharedDataForProcesses, startServerProcess } from '../../testing/server-process.js';
import { onPostgres } from '../../testing/test-database.js';
import type { TestServer } from '../../testing/test-server.js';
import { callAs, expectRefusal } from '../../testing/typed-call.js';

/*
 * Two server processes on one database, each running the period runner: every
 * period is drawn once and every order settled once, whichever instance took
 * the order and whichever drew; and a project saved on one instance holds on
 * the other from the very next call.
 */

const PROJECT = 'fast3-10s';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const shared = sharedDataForProcesses();

type User = Awaited<ReturnType<typeof userWithBalance>>;

/** Waits for the next period of the project to be open on `server`, and answers it. */
async function openPeriod(server: TestServer, user: User) {
  for (let attempt = 0; attempt < 150; attempt += 1) {
    const period = (await callAs(server, user, CALLS.gamePeriod, { projectId: PROJECT })).body.data;
    if (period.status === 'open' && period.locksAt - period.serverTime > 3000) return period;
    await sleep(200);
  }
  throw new Error('no period opened');
}

describe('two instances running the periods', () => {
  // Several instances share a PostgreSQL database (README); an SQLite file belongs to one process.
  it.runIf(onPostgres)('draw each period and settle each order once', async () => {
    shared.running.push(await startServerProcess(shared.data));
    const token = await operatorToken(shared.running[0]!.server);
    await saveTestProject(shared.running[0]!.server, token, { id: PROJECT });
    shared.running.push(await startServerProcess(shared.data));
    const [a, b] = shared.running.map((instance) => instance.server) as [TestServer, TestServer];
    const user = await userWithBalance(a, token, '100.00');

    const orderedIn: string[] = [];
    for (let round = 0; round < 3; round += 1) {
      const period = await openPeriod(round % 2 === 0 ? a : b, user);
      const placed = await Promise.all(
        [a, b].map((server, i) =>
          callAs(server, user, CALLS.placeOrder, { projectId: PROJECT, periodNo: period.periodNo, selections: [{ option: i === 0 ? 'big' : 'small', quantity: round + 1 }], requestId: randomUUID() }),
        ),
      );
      expect(placed.map((p) => p.status)).toEqual([200, 200]);
      orderedIn.push(period.periodNo);
      // On to the next period.
      await sleep(period.drawsAt - period.serverTime + 200);
    }

    let orders = (await callAs(a, user, CALLS.orderList, { page: 1, pageSize: 20 })).body.data;
    for (let attempt = 0; orders.items.some((o) => !o.audited) && attempt < 50; attempt += 1) {
      await sleep(200);
      orders = (await callAs(b, user, CALLS.orderList, { page: 1, pageSize: 20 })).body.data;
    }
    expect(orders.total).toBe(6);
    expect(orders.items.every((o) => o.audited)).toBe(true);
    expect(new Set(orders.items.map((o) => o.periodNo))).toEqual(new Set(orderedIn));

    const spent = orders.items.reduce((total, o) => total + centsOf(o.amount), 0);
    const won = orders.items.reduce((total, o) => total + centsOf(o.payout!), 0);
    const assets = await assetsOf(b, user);
    expect(assets.balance).toBe(formatMoney(100_00 - spent + won));
    expect(assets.coin).toBe(orders.items.reduce((total, o) => total + o.quantity, 0));
    expect((await verifyLedger(b, await operatorToken(b))).problems).toEqual([]);
  }, 90_000);
});

describe('a project saved on one instance', () => {
  const instances = sharedDataForProcesses();

  it.runIf(onPostgres)('prices, limits and refuses the very next order on the other by what was saved', async () => {
    instances.running.push(await startServerProcess(instances.data), await startServerProcess(instances.data));
    const [a, b] = instances.running.map((instance) => instance.server) as [TestServer, TestServer];
    const token = await operatorToken(a);
    const save = (fields: Parameters<typeof saveTestProject>[2]) => saveTestProject(a, token, { id: PROJECT, ...fields });
    await save({});
    const user = await userWithBalance(a, token, '100.00');
    const period = await waitForOpenPeriod(b, user, PROJECT, 4000);
    const oddsOnB = async () => (await callAs(b, user, CALLS.gameProjects, {})).body.data.find((p) => p.id === PROJECT)!.options.find((o) => o.code === 'big')!.odds;
    const orderOnB = (quantity = 1) => callAs(b, user, CALLS.placeOrder, { projectId: PROJECT, periodNo: period.periodNo, selections: [{ option: 'big', quantity }], requestId: randomUUID() });

    for (const odds of ['1.50', '1.80', '1.95']) {
      // B has just read the projects, so it holds them; A's save must still hold on B at once.
      await oddsOnB();
      await save({ odds: { big: odds } });
      const placed = await orderOnB();
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      expect(placed.body.data.orders[0]!.odds).toBe(odds);
      expect(await oddsOnB()).toBe(odds);
    }

    await save({ maxQuantity: 2 });
    expectRefusal(await orderOnB(3), 400, 'VALIDATION');
    await save({ enabled: false });
    expectRefusal(await orderOnB(), 404, 'NOT_FOUND');
    expect((await callAs(b, user, CALLS.gameProjects, {})).body.data.map((p) => p.id)).not.toContain(PROJECT);
  }, 60_000);
});
