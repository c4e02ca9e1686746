import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CALLS, OPERATOR_CALLS, formatMoney } from '@wallet/contract';
import { operatorToken, registerUser, type ClockedServer, type RegisteredUser } from '../../testing/accounts.js';
import { clockTo, openPeriodWithNext, ordersOf, startChaseAs } from '../../testing/chases.js';
import { saveTestProject } from '../../testing/game.js';
import { SHORT_TIMING, startGameDayServer } from '../../testing/game-day.js';
import { PLAIN_CHANNEL, openPlainChannel, openTestChannel, review, verifyLedger } from '../../testing/money.js';
import { centsOf, userWithBalance } from '../../testing/money-load.js';
import { limitsOf, saveLimitAs, setLimit } from '../../testing/protection.js';
import { callAs, errorOf, expectRefusal, operatorCallAs } from '../../testing/typed-call.js';
import { periodAt } from '@wallet/contract/game';

/*
 * Deposit and loss limits (PRODUCT §12) over HTTP on a clock the test moves:
 * rolling windows, a safer limit at once, a riskier one 24 hours later, the
 * refusal naming what is left, and every change in the user's trail.
 */

let server: ClockedServer;
let token: string;
const PROJECT = 'limits-10s';
beforeAll(async () => {
  ({ server, token } = await startGameDayServer());
  await openTestChannel(server, token);
  await openPlainChannel(server, token);
  await saveTestProject(server, token, { id: PROJECT, name: 'Limits' });
});
afterAll(async () => server.close());
// The tests move the clock by days; an operator session lasts hours.
beforeEach(async () => {
  token = await operatorToken(server);
});

const SECOND = 1000;
const HOUR = 3600 * SECOND;
const DAY = 24 * HOUR;

const recharge = (user: RegisteredUser, amount: string) =>
  callAs(server, user, CALLS.createRecharge, { channelId: PLAIN_CHANNEL.id, amount, requestId: randomUUID() });

const order = (user: RegisteredUser, periodNo: string, quantity: number, option = 'big') =>
  callAs(server, user, CALLS.placeOrder, { projectId: PROJECT, periodNo, selections: [{ option, quantity }], requestId: randomUUID() });

async function expectLedgerClean() {
  const report = await verifyLedger(server, token);
  expect(report.problems).toEqual([]);
}

describe('deposit limits', () => {
  it('a new limit applies at once; the recharge that would pass it is refused with what is left', async () => {
    const user = await registerUser(server);
    const before = await limitsOf(server, user);
    expect(before).toMatchObject({ deposit: { day: null, week: null, month: null }, loss: { day: null, week: null, month: null }, pending: [], timeoutUntil: null, selfExcludedUntil: null });
    expect((await setLimit(server, user, { kind: 'deposit', period: 'day', amount: '150.00' })).deposit.day).toBe('150.00');

    expect((await recharge(user, '100.00')).status).toBe(200);
    const refused = await recharge(user, '60.00');
    expectRefusal(refused, 422, 'DEPOSIT_LIMIT');
    expect(errorOf(refused).limit).toEqual({ kind: 'deposit', period: 'day', amount: '150.00', remaining: '50.00' });
    expect(refused.body.mess).toMatch(/deposit limit/);
    expect((await recharge(user, '50.00')).status).toBe(200);
    expect((await limitsOf(server, user)).used.deposit).toEqual({ day: '150.00', week: '150.00', month: '150.00' });
  });

  it('the tightest of the three windows is the one named', async () => {
    const user = await registerUser(server);
    await setLimit(server, user, { kind: 'deposit', period: 'day', amount: '500.00' });
    await setLimit(server, user, { kind: 'deposit', period: 'month', amount: '80.00' });
    const refused = await recharge(user, '90.00');
    expectRefusal(refused, 422, 'DEPOSIT_LIMIT');
    expect(errorOf(refused).limit).toMatchObject({ period: 'month', remaining: '80.00' });
  });

  it('a rolling day drops a recharge exactly 24 hours after it, and refused recharges never count', async () => {
    const user = await registerUser(server);
    await setLimit(server, user, { kind: 'deposit', period: 'day', amount: '100.00' });
    const first = await recharge(user, '70.00');
    expect(first.status).toBe(200);
    const refusedByOperator = await recharge(user, '30.00');
    expect((await review(server, token, 'recharges', refusedByOperator.body.data!.orderNo, false, 'Not received')).status).toBe(200);
    expect((await limitsOf(server, user)).used.deposit.day).toBe('70.00');

    server.clock.advance(DAY - 1);
    expectRefusal(await recharge(user, '31.00'), 422, 'DEPOSIT_LIMIT');
    server.clock.advance(1);
    expect((await limitsOf(server, user)).used.deposit.day).toBe('0.00');
    expect((await recharge(user, '100.00')).status).toBe(200);
    expect((await limitsOf(server, user)).used.deposit).toMatchObject({ day: '100.00', week: '170.00' });
  });

  it('a limit raised at 23:59 applies exactly 24 hours later; lowering again, or saving the one in force, cancels it', async () => {
    const user = await registerUser(server);
    await setLimit(server, user, { kind: 'deposit', period: 'day', amount: '50.00' });
    const lastMinute = Math.floor(server.clock.now() / DAY) * DAY + DAY - 60 * SECOND;
    server.clock.advance(lastMinute - server.clock.now());
    expect(new Date(server.clock.now()).toISOString()).toMatch(/T23:59:00\.000Z$/);
    const raisedAt = server.clock.now();
    const raised = await setLimit(server, user, { kind: 'deposit', period: 'day', amount: '200.00' });
    expect(raised.deposit.day).toBe('50.00');
    expect(raised.pending).toEqual([{ kind: 'deposit', period: 'day', amount: '200.00', effectiveAt: raisedAt + DAY }]);

    server.clock.advance(HOUR);
    // Asking again for the same raise keeps its time: a retry does not push it back.
    expect((await setLimit(server, user, { kind: 'deposit', period: 'day', amount: '200.00' })).pending[0]!.effectiveAt).toBe(raisedAt + DAY);
    server.clock.advance(DAY - HOUR - 1);
    expectRefusal(await recharge(user, '60.00'), 422, 'DEPOSIT_LIMIT');
    expect((await limitsOf(server, user)).deposit.day).toBe('50.00');
    server.clock.advance(1);
    const applied = await limitsOf(server, user);
    expect(applied.deposit.day).toBe('200.00');
    expect(applied.pending).toEqual([]);
    expect((await recharge(user, '60.00')).status).toBe(200);

    await setLimit(server, user, { kind: 'deposit', period: 'day', amount: '500.00' });
    const cancelled = await setLimit(server, user, { kind: 'deposit', period: 'day', amount: '200.00' });
    expect(cancelled.pending).toEqual([]);
    server.clock.advance(DAY);
    expect((await limitsOf(server, user)).deposit.day).toBe('200.00');
  });

  it('removing a limit waits 24 hours too', async () => {
    const user = await registerUser(server);
    await setLimit(server, user, { kind: 'deposit', period: 'week', amount: '10.00' });
    const removal = await setLimit(server, user, { kind: 'deposit', period: 'week', amount: null });
    expect(removal.deposit.week).toBe('10.00');
    expect(removal.pending).toEqual([{ kind: 'deposit', period: 'week', amount: null, effectiveAt: server.clock.now() + DAY }]);
    expectRefusal(await recharge(user, '20.00'), 422, 'DEPOSIT_LIMIT');
    server.clock.advance(DAY);
    expect((await limitsOf(server, user)).deposit.week).toBeNull();
    // Removing a limit there is not changes nothing and leaves nothing waiting.
    expect((await setLimit(server, user, { kind: 'deposit', period: 'week', amount: null })).pending).toEqual([]);
    expect((await setLimit(server, user, { kind: 'loss', period: 'day', amount: null })).pending).toEqual([]);
    expect((await recharge(user, '20.00')).status).toBe(200);
  });
});

describe('loss limits', () => {
  it('counts undrawn orders in full and drawn ones as ordered − paid out, and refuses the order that would pass', async () => {
    const user = await userWithBalance(server, token, '1000.00');
    await setLimit(server, user, { kind: 'loss', period: 'day', amount: '30.00' });
    const open = await openPeriodWithNext(server, user, PROJECT);
    expect((await order(user, open.periodNo, 20)).status).toBe(200);
    const refused = await order(user, open.periodNo, 11, 'small');
    expectRefusal(refused, 422, 'LOSS_LIMIT');
    expect(errorOf(refused).limit).toEqual({ kind: 'loss', period: 'day', amount: '30.00', remaining: '10.00' });
    expect(refused.body.mess).toMatch(/loss limit/);
    expect((await order(user, open.periodNo, 10, 'small')).status).toBe(200);

    await clockTo(server, user, PROJECT, open.drawsAt + SECOND);
    const placed = (await ordersOf(server, user)).filter((o) => o.periodNo === open.periodNo);
    expect(placed.every((o) => o.audited)).toBe(true);
    const net = placed.reduce((sum, o) => sum + centsOf(o.amount) - centsOf(o.payout!), 0);
    expect((await limitsOf(server, user)).used.loss.day).toBe(formatMoney(net));
    await expectLedgerClean();
  });

  it('a chase counts its whole reserve, and is refused whole when that would pass the limit', async () => {
    const user = await userWithBalance(server, token, '1000.00');
    await setLimit(server, user, { kind: 'loss', period: 'week', amount: '25.00' });
    const open = await openPeriodWithNext(server, user, PROJECT);
    const next = periodAt(SHORT_TIMING, 'UTC', open.drawsAt);
    const tooMuch = await startChaseAs(server, user, { projectId: PROJECT, startPeriodNo: next.periodNo, periods: 3, selections: [{ option: 'big', quantity: 10 }], stopOnWin: false });
    expectRefusal(tooMuch, 422, 'LOSS_LIMIT');
    expect(errorOf(tooMuch).limit).toMatchObject({ period: 'week', remaining: '25.00' });
    const fits = await startChaseAs(server, user, { projectId: PROJECT, startPeriodNo: next.periodNo, periods: 2, selections: [{ option: 'big', quantity: 10 }], stopOnWin: false });
    expect(fits.status, JSON.stringify(fits.body)).toBe(200);
    expect((await limitsOf(server, user)).used.loss.week).toBe('20.00');
    expectRefusal(await order(user, open.periodNo, 6), 422, 'LOSS_LIMIT');
    expect((await order(user, open.periodNo, 5)).status).toBe(200);
    await expectLedgerClean();
  });
});

describe('the reality check and the trail', () => {
  it('stores the interval, refuses other values, and tells the totals since sign-in', async () => {
    const user = await userWithBalance(server, token, '100.00');
    expect((await setLimit(server, user, { kind: 'realityCheck', minutes: 30 })).realityCheckMinutes).toBe(30);
    expectRefusal(await saveLimitAs(server, user, { kind: 'realityCheck', minutes: 20 as 15 }), 400, 'VALIDATION');
    const open = await openPeriodWithNext(server, user, PROJECT);
    expect((await order(user, open.periodNo, 3)).status).toBe(200);
    const check = await callAs(server, user, CALLS.realityCheck, {});
    expect(check.status).toBe(200);
    expect(check.body.data).toMatchObject({ minutes: 30, ordered: '3.00', paidOut: '0.00', net: '-3.00', serverTime: server.clock.now() });
    expect(check.body.data.signedInAt).toBeLessThanOrEqual(server.clock.now());
  });

  it('refuses bodies that mix the kinds or miss a field, each naming the field', async () => {
    const user = await registerUser(server);
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: 'deposit', amount: '1.00' }, 'period'],
      [{ kind: 'loss', period: 'day' }, 'amount'],
      [{ kind: 'loss', period: 'year', amount: '1.00' }, 'period'],
      [{ kind: 'deposit', period: 'day', amount: '0.00' }, 'amount'],
      [{ kind: 'deposit', period: 'day', amount: '1.001' }, 'amount'],
      [{ kind: 'realityCheck', minutes: 15, amount: '1.00' }, 'amount'],
      [{ kind: 'realityCheck' }, 'minutes'],
    ];
    for (const [body, field] of cases) {
      const answer = await saveLimitAs(server, user, body as never);
      expectRefusal(answer, 400, 'VALIDATION');
      expect(Object.keys(errorOf(answer).fields ?? {}), JSON.stringify(body)).toContain(field);
    }
  });

  it('keeps every change in a trail the operators read on the user', async () => {
    const user = await userWithBalance(server, token, '0');
    await setLimit(server, user, { kind: 'deposit', period: 'month', amount: '300.00' });
    await setLimit(server, user, { kind: 'deposit', period: 'month', amount: '400.00' });
    await setLimit(server, user, { kind: 'realityCheck', minutes: 60 });
    const detail = await operatorCallAs(server, token, OPERATOR_CALLS.userDetail, { userId: user.id });
    expect(detail.status).toBe(200);
    expect(detail.body.data.protection).toMatchObject({ deposit: { month: '300.00' }, realityCheckMinutes: 60, pending: [{ kind: 'deposit', period: 'month', amount: '400.00' }] });
    expect(detail.body.data.protectionChanges.map((change) => [change.action, change.before, change.after])).toEqual([
      ['realityCheck', { minutes: 0 }, { minutes: 60 }],
      ['limit.deposit.month', { amount: '300.00', pending: null }, { amount: '300.00', pending: { amount: '400.00', effectiveAt: server.clock.now() + DAY } }],
      ['limit.deposit.month', { amount: null, pending: null }, { amount: '300.00', pending: null }],
    ]);
  });
});
