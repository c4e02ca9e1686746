import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, type gameHistory, type CallResult } from '@wallet/contract';
import { operatorToken } from '../../testing/accounts.js';
import { startFakeBeacon, type FakeBeacon } from '../../testing/fake-beacon.js';
import { saveTestProject, waitForOpenPeriod } from '../../testing/game.js';
import { diceOf } from '../../testing/independent-fairness-client.js';
import { assetsOf, verifyLedger } from '../../testing/money.js';
import { userWithBalance } from '../../testing/money-load.js';
import { sharedDataForProcesses, startServerProcess } from '../../testing/server-process.js';
import { onPostgres } from '../../testing/test-database.js';
import type { TestServer } from '../../testing/test-server.js';
import { callAs } from '../../testing/typed-call.js';

/*
 * Two server processes on one database, both waiting for the same beacon
 * round: a period is drawn once with the round, or, the round never had,
 * void once, every order refunded once, whichever instance gets there.
 */

const PROJECT = 'fast3-10s';
const TIMEOUT_SECONDS = 10;

type Ended = CallResult<typeof gameHistory>['items'][number];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const shared = sharedDataForProcesses();
let beacon: FakeBeacon;
beforeAll(async () => {
  beacon = await startFakeBeacon();
});
afterAll(async () => beacon.close());

/** The period once it is drawn or void, as either instance tells it. */
async function ended(servers: TestServer[], user: { token: string }, periodNo: string, withinMs: number): Promise<Ended> {
  const until = Date.now() + withinMs;
  for (let attempt = 0; Date.now() < until; attempt += 1) {
    const server = servers[attempt % servers.length]!;
    const history = await callAs(server, user, CALLS.gameHistory, { projectId: PROJECT, page: 1, pageSize: 10 });
    const found = history.body.data.items.find((item) => item.periodNo === periodNo);
    if (found) return found;
    await sleep(200);
  }
  throw new Error(`period ${periodNo} neither drawn nor void`);
}

describe('two instances with a beacon', () => {
  it.runIf(onPostgres)('draw a period once with its round, and void one whose round never comes once', async () => {
    const env = beacon.env(TIMEOUT_SECONDS);
    shared.running.push(await startServerProcess(shared.data, env));
    const token = await operatorToken(shared.running[0]!.server);
    await saveTestProject(shared.running[0]!.server, token, { id: PROJECT });
    shared.running.push(await startServerProcess(shared.data, env));
    const servers = shared.running.map((instance) => instance.server);
    const [a, b] = servers as [TestServer, TestServer];
    const user = await userWithBalance(a, token, '100.00');

    const first = await waitForOpenPeriod(a, user, PROJECT, 3000);
    const order = (server: TestServer, periodNo: string) =>
      callAs(server, user, CALLS.placeOrder, { projectId: PROJECT, periodNo, selections: [{ option: 'big', quantity: 5 }], requestId: randomUUID() });
    expect((await order(a, first.periodNo)).status).toBe(200);
    expect((await order(b, first.periodNo)).status).toBe(200);
    const drawn = await ended(servers, user, first.periodNo, 20_000);
    expect(drawn.status).toBe('drawn');
    expect(drawn.beaconRandomness).toBe(beacon.roundOf(drawn.beaconRound!).randomness);
    expect(drawn.dice).toEqual(diceOf(drawn.serverSeed!, PROJECT, drawn.periodNo, drawn.beaconRandomness));

    beacon.mode = 'late';
    const second = await waitForOpenPeriod(b, user, PROJECT, 3000);
    const before = await assetsOf(a, user);
    expect((await order(a, second.periodNo)).status).toBe(200);
    expect((await order(b, second.periodNo)).status).toBe(200);
    const voided = await ended(servers, user, second.periodNo, (TIMEOUT_SECONDS + 20) * 1000);
    expect(voided).toMatchObject({ status: 'void', voidReason: 'BEACON_NOT_PUBLISHED', orderCount: 2 });
    beacon.mode = 'ok';

    // Refunded once, in the void's own transaction: the balance is what it was before the two orders, on both instances.
    for (const server of servers) expect((await assetsOf(server, user)).balance).toBe(before.balance);
    const messages = await callAs(b, user, CALLS.userMessages, { page: 1, pageSize: 20 });
    expect(messages.body.data.items.filter((m) => m.kind === 'period_void' && m.title.includes(second.periodNo))).toHaveLength(1);
    expect((await verifyLedger(b, token)).problems).toEqual([]);
  }, 120_000);
});
