import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { CALLS, type CallResult, type placeOrder } from '@wallet/contract';
import { operatorToken } from '../../testing/accounts.js';
import { saveTestProject, waitForOpenPeriod } from '../../testing/game.js';
import { ordersRootOf, proofHolds } from '../../testing/independent-fairness-client.js';
import { verifyLedger } from '../../testing/money.js';
import { userWithBalance } from '../../testing/money-load.js';
import { sharedDataForProcesses, startServerProcess } from '../../testing/server-process.js';
import { onPostgres } from '../../testing/test-database.js';
import { callAs, reasonOf } from '../../testing/typed-call.js';

/*
 * Orders sent across the lock instant while the lock is being taken (a
 * proof asked for right at the lock time takes it at once): each order is
 * either in the root the lock fixed, and settled with the draw, or refused
 * PERIOD_CLOSED; never settled outside the root. One order is made to be
 * under way for certain when the lock comes: another database session holds
 * its user's balance row, so the order has found the period open and waits
 * to move the money while the lock is asked for.
 */

const PROJECT = 'fast3-10s';
const CLIENTS = 16;
/** Orders go out from this long before the lock until as long after it. */
const WINDOW_MS = 400;
/** The held order goes out this long before the lock. */
const HELD_ORDER_LEAD_MS = 1500;

type Order = CallResult<typeof placeOrder>['orders'][number];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const shared = sharedDataForProcesses();

/** Another session's transaction holding a user's balance row until released. */
async function holdBalanceOf(databaseUrl: string, userId: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('begin');
  await client.query("select id from ledger_accounts where user_id = $1 and kind = 'available' for update", [userId]);
  return async () => {
    await client.query('commit');
    await client.end();
  };
}

describe('an order at the lock instant', () => {
  // The race is between PostgreSQL transactions; SQLite runs one at a time.
  it.runIf(onPostgres)('is in the locked root and settled, or refused PERIOD_CLOSED', async () => {
    const instance = await startServerProcess(shared.data);
    shared.running.push(instance);
    const { server } = instance;
    const token = await operatorToken(server);
    await saveTestProject(server, token, { id: PROJECT });
    const users = await Promise.all(Array.from({ length: CLIENTS }, () => userWithBalance(server, token, '500.00')));
    const held = await userWithBalance(server, token, '500.00');
    const period = await waitForOpenPeriod(server, users[0]!, PROJECT, 3500);
    const first = await callAs(server, users[0]!, CALLS.placeOrder, { projectId: PROJECT, periodNo: period.periodNo, selections: [{ option: 'big', quantity: 1 }], requestId: randomUUID() });
    expect(first.status).toBe(200);
    const firstOrder = first.body.data.orders[0]!;

    // The server's clock and this one are the same machine's.
    const lockAt = Date.now() + (period.locksAt - period.serverTime);
    const accepted: Order[] = [];
    const acceptedBy = users.map((): string[] => []);
    acceptedBy[0]!.push(firstOrder.orderNo);
    const refusals: string[] = [];
    const orderUntilPast = async (index: number) => {
      const user = users[index]!;
      while (Date.now() < lockAt + WINDOW_MS) {
        const answer = await callAs(server, user, CALLS.placeOrder, {
          projectId: PROJECT,
          periodNo: period.periodNo,
          selections: [{ option: index % 2 === 0 ? 'odd' : 'even', quantity: 1 + (index % 3) }],
          requestId: randomUUID(),
        });
        if (answer.status === 200) {
          accepted.push(...answer.body.data.orders);
          acceptedBy[index]!.push(...answer.body.data.orders.map((order) => order.orderNo));
        } else refusals.push(reasonOf(answer) ?? String(answer.status));
      }
    };
    // Right at the lock time, proofs asked for take the lock, while orders sent a moment before are still going in.
    const proveFromLock = async () => {
      await sleep(lockAt - Date.now());
      while (Date.now() < lockAt + WINDOW_MS) {
        const proof = await callAs(server, users[0]!, CALLS.orderProof, { orderNo: firstOrder.orderNo });
        if (proof.status === 200) return proof.body.data;
      }
      throw new Error('no proof after the lock');
    };
    const release = await holdBalanceOf(shared.data.env.DATABASE_URL!, held.id);
    // Well before the lock (a loaded machine may take a while to get to it): it finds the period open, then waits for the balance.
    await sleep(lockAt - HELD_ORDER_LEAD_MS - Date.now());
    let heldAnsweredAt = 0;
    const heldOrder = callAs(server, held, CALLS.placeOrder, { projectId: PROJECT, periodNo: period.periodNo, selections: [{ option: 'small', quantity: 7 }], requestId: randomUUID() }).then(
      (answer) => {
        heldAnsweredAt = Date.now();
        return answer;
      },
    );
    await sleep(lockAt - WINDOW_MS - Date.now());
    const ordering = users.map((_, index) => orderUntilPast(index));
    const proving = proveFromLock();
    await sleep(lockAt + WINDOW_MS - Date.now());
    await release();
    const [proof, heldAnswer] = await Promise.all([proving, heldOrder]);
    await Promise.all(ordering);
    // The order that had found the period open was still under way at the lock time, went in, and the lock waited for it.
    expect(heldAnswer.status, JSON.stringify(heldAnswer.body)).toBe(200);
    expect(heldAnsweredAt).toBeGreaterThan(lockAt);
    accepted.push(...heldAnswer.body.data.orders);

    expect(accepted.length).toBeGreaterThan(0);
    expect(refusals.length).toBeGreaterThan(0);
    expect(new Set(refusals)).toEqual(new Set(['PERIOD_CLOSED']));
    const inRoot = [firstOrder, ...accepted];
    expect(proof.root).toBe(ordersRootOf(inRoot));
    expect(proofHolds(proof)).toBe(true);

    // Drawn: exactly the accepted orders were settled, each once.
    await sleep(period.drawsAt - period.locksAt + 500);
    let drawn = (await callAs(server, users[0]!, CALLS.gameHistory, { projectId: PROJECT, page: 1, pageSize: 5 })).body.data.items.find((p) => p.periodNo === period.periodNo);
    for (let attempt = 0; !drawn && attempt < 40; attempt += 1) {
      await sleep(250);
      drawn = (await callAs(server, users[0]!, CALLS.gameHistory, { projectId: PROJECT, page: 1, pageSize: 5 })).body.data.items.find((p) => p.periodNo === period.periodNo);
    }
    expect(drawn).toMatchObject({ status: 'drawn', ordersRoot: proof.root, orderCount: inRoot.length });
    for (const [index, user] of users.entries()) {
      const mine = await callAs(server, user, CALLS.orderList, { projectId: PROJECT, periodNo: period.periodNo, page: 1, pageSize: 50 });
      expect(mine.status, JSON.stringify(mine.body)).toBe(200);
      expect(mine.body.data.items.map((item) => item.orderNo).sort()).toEqual([...acceptedBy[index]!].sort());
      expect(mine.body.data.items.every((item) => item.audited)).toBe(true);
    }
    expect((await verifyLedger(server, token)).problems).toEqual([]);
  }, 90_000);
});
