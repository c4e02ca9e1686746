import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, OPERATOR_CALLS, type CallResult, type gameHistory, type gamePeriod, type placeOrder } from '@wallet/contract';
import { manualClock, operatorToken, startClockedServer, type ClockedServer } from '../../testing/accounts.js';
import { chasesOf, clockTo, startChaseAs } from '../../testing/chases.js';
import { startFakeBeacon, type FakeBeacon, type FakeBeaconMode } from '../../testing/fake-beacon.js';
import * as independent from '../../testing/independent-fairness-client.js';
import { assetsOf, verifyLedger } from '../../testing/money.js';
import { statementItemsOf, userWithBalance } from '../../testing/money-load.js';
import { callAs, expectRefusal, operatorCallAs } from '../../testing/typed-call.js';

/*
 * With a public randomness beacon (PRODUCT §6): each period names its round
 * when it is created, its orders root is fixed at the lock, and its draw
 * waits for the round, checks its signature against the pinned key and
 * mixes its randomness in; everything is re-checked here with the
 * independent client, written from PRODUCT.md alone. A round that cannot be
 * had in time (not published, signed by another key, another round, no
 * answer) makes the period void: every order refunded once, the seed still
 * revealed, the reason shown, the ledger whole.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const PROJECT = 'fast3-1m';
const TIMEOUT_SECONDS = 60;

type Period = CallResult<typeof gamePeriod>;
type Order = CallResult<typeof placeOrder>['orders'][number];
type User = Awaited<ReturnType<typeof userWithBalance>>;

let beacon: FakeBeacon;
let server: ClockedServer;
let token: string;
let user: User;
let other: User;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  beacon = await startFakeBeacon();
  // 20 s into a UTC minute: the first period opens 40 s later.
  const start = Math.floor(Date.now() / MINUTE) * MINUTE + 20 * SECOND;
  server = await startClockedServer({ TIME_ZONE: 'UTC', ...beacon.env(TIMEOUT_SECONDS) }, manualClock(start));
  token = await operatorToken(server);
  user = await userWithBalance(server, token, '100.00');
  other = await userWithBalance(server, token, '100.00');
});
afterAll(async () => {
  await server.close();
  await beacon.close();
});

/** The current period; until the chain's timing is known none is made, so the clock is moved a second at a time until one is. */
async function currentPeriod(): Promise<Period> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const answer = await callAs(server, user, CALLS.gamePeriod, { projectId: PROJECT });
    if (answer.status === 200) return answer.body.data;
    server.clock.advance(SECOND);
    await sleep(20);
  }
  throw new Error('no period was made');
}

/** A period as the history shows it once it is over (drawn or void); undefined before. */
async function endedPeriod(periodNo: string): Promise<CallResult<typeof gameHistory>['items'][number] | undefined> {
  const history = await callAs(server, user, CALLS.gameHistory, { projectId: PROJECT, page: 1, pageSize: 20 });
  return history.body.data.items.find((item) => item.periodNo === periodNo);
}

/**
 * Waits for the period to end (drawn or void): the beacon answers in the background, and the clock is moved a
 * second at a time so the rounds that follow run (a void needs one more ask of the round after its deadline).
 */
async function untilOver(periodNo: string) {
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const period = await endedPeriod(periodNo);
    if (period) return period;
    await sleep(25);
    server.clock.advance(SECOND);
  }
  throw new Error(`period ${periodNo} neither drawn nor void`);
}

async function order(who: User, periodNo: string, selections: { option: string; quantity: number }[]): Promise<Order[]> {
  const placed = await callAs(server, who, CALLS.placeOrder, { projectId: PROJECT, periodNo, selections, requestId: randomUUID() });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  return placed.body.data.orders;
}

/** The next period, open, with the clock at its opening. */
async function nextOpenPeriod(): Promise<Period> {
  let period = await currentPeriod();
  if (period.status !== 'upcoming') period = await clockTo(server, user, PROJECT, period.drawsAt);
  period = await clockTo(server, user, PROJECT, period.opensAt);
  expect(period.status).toBe('open');
  return period;
}

describe('a draw with the beacon', () => {
  it('names its round at creation, fixes its orders root at the lock and mixes the verified round into the dice', async () => {
    const upcoming = await currentPeriod();
    expect(upcoming.beaconRound).toBe(independent.beaconRoundFor(beacon.genesisTime, beacon.period, upcoming.locksAt));
    expect(upcoming.ordersRoot).toBeNull();
    // Anyone can learn which chain and key to check the rounds against.
    const info = await callAs(server, null, CALLS.getLang, {});
    expect(info.body.data.fairnessBeacon).toEqual({ url: beacon.url, publicKey: beacon.publicKey, genesisTime: beacon.genesisTime, period: beacon.period });

    const period = await clockTo(server, user, PROJECT, upcoming.opensAt);
    const mine = await order(user, period.periodNo, [
      { option: 'big', quantity: 3 },
      { option: 'sum-10', quantity: 1 },
    ]);
    const theirs = await order(other, period.periodNo, [{ option: 'small', quantity: 2 }]);
    expectRefusal(await callAs(server, user, CALLS.orderProof, { orderNo: mine[0]!.orderNo }), 422, 'PERIOD_NOT_LOCKED');

    const locked = await clockTo(server, user, PROJECT, period.locksAt);
    expect(locked.status).toBe('locked');
    const all = [...mine, ...theirs];
    expect(locked.ordersRoot).toBe(independent.ordersRootOf(all));
    expect(locked.orderCount).toBe(3);
    expect(locked.orderedAmount).toBe('6.00');
    expectRefusal(await callAs(server, user, CALLS.placeOrder, { projectId: PROJECT, periodNo: period.periodNo, selections: [{ option: 'odd', quantity: 1 }], requestId: randomUUID() }), 422, 'PERIOD_CLOSED');

    for (const own of mine) {
      const proof = await callAs(server, user, CALLS.orderProof, { orderNo: own.orderNo });
      expect(proof.status, JSON.stringify(proof.body)).toBe(200);
      expect(proof.body.data.root).toBe(locked.ordersRoot);
      expect(proof.body.data.leaf).toBe(independent.leafOf(own));
      expect(independent.proofHolds(proof.body.data)).toBe(true);
    }
    // Only the owner has a proof of an order.
    expectRefusal(await callAs(server, user, CALLS.orderProof, { orderNo: theirs[0]!.orderNo }), 404, 'NOT_FOUND');

    await clockTo(server, user, PROJECT, period.drawsAt);
    const drawn = await untilOver(period.periodNo);
    expect(drawn.status).toBe('drawn');
    const round = beacon.roundOf(upcoming.beaconRound!);
    expect({ randomness: drawn.beaconRandomness, signature: drawn.beaconSignature }).toEqual({ randomness: round.randomness, signature: round.signature });
    expect(independent.beaconSignatureHolds(beacon.publicKey, drawn.beaconRound!, drawn.beaconSignature!)).toBe(true);
    expect(independent.beaconRandomnessHolds(drawn.beaconSignature!, drawn.beaconRandomness!)).toBe(true);
    expect(independent.seedMatchesHash(drawn.serverSeed!, drawn.serverSeedHash)).toBe(true);
    expect(drawn.dice).toEqual(independent.diceOf(drawn.serverSeed!, PROJECT, drawn.periodNo, drawn.beaconRandomness));
    // The seed alone would not give these dice's message: the beacon's randomness is in it.
    expect(beacon.asked).toContain(upcoming.beaconRound);
    expect(drawn.ordersRoot).toBe(locked.ordersRoot);

    const settled = await callAs(server, user, CALLS.orderList, { projectId: PROJECT, periodNo: period.periodNo, page: 1, pageSize: 10 });
    expect(settled.body.data.items.every((item) => item.audited && !item.voided)).toBe(true);
    expect((await verifyLedger(server, token)).problems).toEqual([]);
  });

  const voidCases: [FakeBeaconMode, string][] = [
    ['late', 'BEACON_NOT_PUBLISHED'],
    ['bad-signature', 'BEACON_BAD_SIGNATURE'],
    ['wrong-round', 'BEACON_WRONG_ROUND'],
    ['down', 'BEACON_UNREACHABLE'],
  ];
  it.each(voidCases)('voids a period whose round is %s, refunding every order once', async (mode, reason) => {
    beacon.mode = 'ok';
    // A player of this case alone: the chases of the cases before go on drawing meanwhile.
    const player = await userWithBalance(server, token, '100.00');
    const period = await nextOpenPeriod();
    beacon.mode = mode;
    const before = await assetsOf(server, player);
    const orders = await order(player, period.periodNo, [
      { option: 'big', quantity: 4 },
      { option: 'any-triple', quantity: 1 },
    ]);
    // A chase whose first period is this one: placed now, from its reserve.
    const chase = await startChaseAs(server, player, { projectId: PROJECT, startPeriodNo: period.periodNo, periods: 2, selections: [{ option: 'odd', quantity: 2 }], stopOnWin: false });
    expect(chase.status, JSON.stringify(chase.body)).toBe(200);

    await clockTo(server, user, PROJECT, period.drawsAt);
    // Waiting for the round is no void: nothing ends while the timeout runs.
    expect(await endedPeriod(period.periodNo)).toBeUndefined();
    await clockTo(server, user, PROJECT, period.drawsAt + TIMEOUT_SECONDS * SECOND + SECOND);
    const voided = await untilOver(period.periodNo);
    expect(voided).toMatchObject({ status: 'void', voidReason: reason, dice: null, beaconRandomness: null });
    expect(independent.seedMatchesHash(voided.serverSeed!, voided.serverSeedHash)).toBe(true);

    const listed = await callAs(server, player, CALLS.orderList, { projectId: PROJECT, periodNo: period.periodNo, page: 1, pageSize: 10 });
    expect(listed.body.data.items).toHaveLength(3);
    for (const item of listed.body.data.items) expect(item).toMatchObject({ voided: true, audited: true, payout: item.amount, profit: '0.00', dice: null });
    const [chased] = (await chasesOf(server, player)).filter((c) => c.chaseNo === chase.body.data.chaseNo);
    expect(chased!.periods[0]).toMatchObject({ state: 'skipped', reason: 'PERIOD_VOID' });

    // Everything ordered in the period came back; only the chase's second period stays reserved.
    const after = await assetsOf(server, player);
    expect(Number(after.balance)).toBeCloseTo(Number(before.balance) - Number(chase.body.data.amountPerPeriod), 2);
    const messages = await callAs(server, player, CALLS.userMessages, { page: 1, pageSize: 20 });
    expect(messages.body.data.items.filter((m) => m.kind === 'period_void' && m.title.includes(period.periodNo) && m.body.includes(formatTotal(orders, chase.body.data.amountPerPeriod)))).toHaveLength(1);

    // Later rounds change nothing: each order refunded exactly once.
    beacon.mode = 'ok';
    await clockTo(server, user, PROJECT, server.clock.now() + 5 * SECOND);
    const refunds = (await statementItemsOf(server, player)).filter((item) => item.kind === 'order_voided');
    for (const item of listed.body.data.items) expect(refunds.filter((refund) => refund.reference === item.orderNo)).toHaveLength(1);
    expect((await endedPeriod(period.periodNo))?.status).toBe('void');
    expect((await verifyLedger(server, token)).problems).toEqual([]);
  });
});

describe('a beacon that does not answer', () => {
  it('holds up no read or draw round: the ask gives up on its own, and the round is asked again', async () => {
    beacon.mode = 'ok';
    const period = await nextOpenPeriod();
    await order(user, period.periodNo, [{ option: 'big', quantity: 1 }]);
    beacon.mode = 'hang';
    const asked = beacon.asked.length;
    await clockTo(server, user, PROJECT, period.drawsAt);
    // The round is asked for, and the read that ran the period round answered while that ask still hangs.
    await clockTo(server, user, PROJECT, period.drawsAt + SECOND);
    expect(beacon.asked.slice(asked)).toContain(period.beaconRound);
    expect(beacon.hanging).toBeGreaterThan(0);
    const lastError = async () => (await operatorCallAs(server, token, OPERATOR_CALLS.fairnessState, { page: 1, pageSize: 10 })).body.data.beacon?.lastError;
    // The ask gives up on its own (other projects' rounds hang as well: whichever gave up last is shown).
    const gaveUp = async () => {
      const error = await lastError();
      return error !== null && error !== undefined && error.at >= period.drawsAt && error.reason === 'BEACON_UNREACHABLE' && /timeout/i.test(error.detail);
    };
    await expect.poll(gaveUp, { timeout: 15_000, interval: 200 }).toBe(true);

    beacon.mode = 'ok';
    const drawn = await untilOver(period.periodNo);
    expect(drawn.status).toBe('drawn');
    expect(drawn.beaconRandomness).toBe(beacon.roundOf(period.beaconRound!).randomness);
    const state = (await operatorCallAs(server, token, OPERATOR_CALLS.fairnessState, { page: 1, pageSize: 10 })).body.data;
    expect(state.beacon).toMatchObject({ url: beacon.url, genesisTime: beacon.genesisTime, period: beacon.period, timeoutSeconds: TIMEOUT_SECONDS });
    expect(state.beacon!.lastRound).toBeGreaterThanOrEqual(period.beaconRound!);
    expect(state.beacon!.latest?.round).toBeGreaterThan(0);
    expect(state.voided.items.every((item) => item.status === 'void' && item.voidReason !== null)).toBe(true);
  });
});

/** What a void period gave back to the user: the orders placed directly and the chase's period. */
function formatTotal(orders: Order[], chaseAmount: string): string {
  const cents = orders.reduce((sum, o) => sum + Math.round(Number(o.amount) * 100), 0) + Math.round(Number(chaseAmount) * 100);
  return (cents / 100).toFixed(2);
}
