import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, formatMoney } from '@wallet/contract';
import { optionRule, payoutCents, periodAt } from '@wallet/contract/game';
import { manualClock, operatorToken, startClockedServer, type ClockedServer } from '../../testing/accounts.js';
import { assetsOf, verifyLedger } from '../../testing/money.js';
import { centsOf, userWithBalance } from '../../testing/money-load.js';
import { callAs, errorOf, expectRefusal, reasonOf } from '../../testing/typed-call.js';

/*
 * Orders on an open period: all selections or none, paid from the balance at
 * once, refused after the lock, settled with the draw (winnings, credit
 * points, audited), and the ledger proves every step.
 */

const SECOND = 1000;
const PROJECT = 'fast3-1m';

let server: ClockedServer;
let token: string;
beforeAll(async () => {
  const start = Math.floor(Date.now() / 60_000) * 60_000 + 20 * SECOND;
  server = await startClockedServer({ TIME_ZONE: 'UTC' }, manualClock(start));
  token = await operatorToken(server);
});
afterAll(async () => server.close());

type User = Awaited<ReturnType<typeof userWithBalance>>;

const periodNow = async (user: User) => (await callAs(server, user, CALLS.gamePeriod, { projectId: PROJECT })).body.data;

/** Moves the clock to the opening of the next period and answers it. */
async function nextOpenPeriod(user: User) {
  const current = await periodNow(user);
  server.clock.advance((current.status === 'upcoming' ? current.opensAt : current.drawsAt) - server.clock.now());
  const opened = await periodNow(user);
  expect(opened.status).toBe('open');
  return opened;
}

const order = (user: User, periodNo: string, selections: { option: string; quantity: number }[], requestId = randomUUID()) =>
  callAs(server, user, CALLS.placeOrder, { projectId: PROJECT, periodNo, selections, requestId });

describe('an order', () => {
  it('takes every selection from the balance at once, is refused after the lock, and is settled with the draw', async () => {
    const user = await userWithBalance(server, token, '100.00');
    const open = await nextOpenPeriod(user);
    const selections = [
      { option: 'big', quantity: 3 },
      { option: 'sum-10', quantity: 1 },
      { option: 'triple-6', quantity: 2 },
    ];
    const placed = await order(user, open.periodNo, selections);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.mess).toBe('Order placed.');
    expect(placed.body.data.balance).toBe('94.00');
    expect(placed.body.data.orders.map((o) => [o.option, o.quantity, o.amount, o.odds, o.audited])).toEqual([
      ['big', 3, '3.00', '1.95', false],
      ['sum-10', 1, '1.00', '7.68', false],
      ['triple-6', 2, '2.00', '207.36', false],
    ]);
    expect((await assetsOf(server, user)).balance).toBe('94.00');

    server.clock.advance(open.locksAt - server.clock.now());
    expectRefusal(await order(user, open.periodNo, [{ option: 'big', quantity: 1 }]), 422, 'PERIOD_CLOSED');

    server.clock.advance(open.drawsAt - server.clock.now());
    const drawn = (await periodNow(user)).recent[0]!;
    expect(drawn.periodNo).toBe(open.periodNo);
    const dice = drawn.dice!;

    const records = (await callAs(server, user, CALLS.orderList, { page: 1, pageSize: 20 })).body.data;
    expect(records.total).toBe(3);
    let won = 0;
    for (const record of records.items) {
      const payout = optionRule(record.option).wins(dice) ? payoutCents(centsOf(record.amount), Math.round(Number(record.odds) * 100)) : 0;
      won += payout;
      expect(record).toMatchObject({ audited: true, dice, payout: formatMoney(payout), profit: formatMoney(payout - centsOf(record.amount)) });
    }
    const assets = await assetsOf(server, user);
    expect(assets.balance).toBe(formatMoney(94_00 + won));
    expect(assets.coin).toBe(6);
    expect((await verifyLedger(server, token)).problems).toEqual([]);
  });

  it('goes into the next period while the one shown is locked, and is settled with the draw of that period', async () => {
    const user = await userWithBalance(server, token, '10.00');
    const open = await nextOpenPeriod(user);
    server.clock.advance(open.locksAt - server.clock.now());
    const locked = await periodNow(user);
    expect(locked).toMatchObject({ periodNo: open.periodNo, status: 'locked' });
    const next = locked.next!.periodNo;
    expect(next).toMatch(/^\d{12}$/);
    expect(next).not.toBe(open.periodNo);

    const placed = await order(user, next, [{ option: 'small', quantity: 2 }]);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.data.orders.map((o) => [o.periodNo, o.amount])).toEqual([[next, '2.00']]);
    expect(placed.body.data.balance).toBe('8.00');

    // Its own lock closes it as any other.
    server.clock.advance(open.drawsAt - server.clock.now());
    const opened = await periodNow(user);
    expect(opened).toMatchObject({ periodNo: next, status: 'open' });
    server.clock.advance(opened.locksAt - server.clock.now());
    expectRefusal(await order(user, next, [{ option: 'big', quantity: 1 }]), 422, 'PERIOD_CLOSED');
    server.clock.advance(opened.drawsAt - server.clock.now());
    expect((await periodNow(user)).recent[0]!.periodNo).toBe(next);
    const [record] = (await callAs(server, user, CALLS.orderList, { page: 1, pageSize: 20 })).body.data.items;
    expect(record).toMatchObject({ periodNo: next, audited: true });
    expect((await verifyLedger(server, token)).problems).toEqual([]);
  });

  it('is all or none: one selection the balance cannot pay refuses the whole order', async () => {
    const user = await userWithBalance(server, token, '5.00');
    const open = await nextOpenPeriod(user);
    const answer = await order(user, open.periodNo, [
      { option: 'odd', quantity: 3 },
      { option: 'even', quantity: 3 },
    ]);
    expectRefusal(answer, 422, 'INSUFFICIENT_BALANCE');
    expect((await assetsOf(server, user)).balance).toBe('5.00');
    expect((await callAs(server, user, CALLS.orderList, { page: 1, pageSize: 20 })).body.data.total).toBe(0);
  });

  it('names what is wrong with a selection', async () => {
    const user = await userWithBalance(server, token, '5.00');
    const open = await nextOpenPeriod(user);
    const unknown = await order(user, open.periodNo, [{ option: 'sum-3', quantity: 1 }]);
    expectRefusal(unknown, 400, 'VALIDATION');
    expect(errorOf(unknown).fields).toEqual({ 'selections.0.option': 'There is no such option.' });
    const repeated = await order(user, open.periodNo, [
      { option: 'big', quantity: 1 },
      { option: 'big', quantity: 2 },
    ]);
    expect(errorOf(repeated).fields).toEqual({ selections: 'Each option may appear only once in an order.' });
    const tooMany = await order(user, open.periodNo, [{ option: 'big', quantity: 10_001 }]);
    expect(errorOf(tooMany).fields).toEqual({ 'selections.0.quantity': 'Enter a quantity from 1 to 10000.' });
    expectRefusal(await order(user, '202001010001', [{ option: 'big', quantity: 1 }]), 422, 'PERIOD_CLOSED');
  });

  it('is placed once however often its request is retried', async () => {
    const user = await userWithBalance(server, token, '50.00');
    const open = await nextOpenPeriod(user);
    const requestId = randomUUID();
    const answers = await Promise.all(Array.from({ length: 10 }, () => order(user, open.periodNo, [{ option: 'small', quantity: 4 }], requestId)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.body.data.orders[0]!.orderNo)).size).toBe(1);
    expect((await assetsOf(server, user)).balance).toBe('46.00');
  });

  it('never takes more than the balance: 200 parallel orders of 1.00 against 37.00', async () => {
    const user = await userWithBalance(server, token, '37.00');
    const open = await nextOpenPeriod(user);
    const answers = await Promise.all(Array.from({ length: 200 }, () => order(user, open.periodNo, [{ option: 'odd', quantity: 1 }])));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(37);
    expect(answers.filter((a) => a.status !== 200).every((a) => reasonOf(a) === 'INSUFFICIENT_BALANCE')).toBe(true);
    expect((await assetsOf(server, user)).balance).toBe('0.00');
    expect((await verifyLedger(server, token)).problems).toEqual([]);
  });

  it('goes through for every one of many users ordering the same options in parallel, each in another order', async () => {
    const users = await Promise.all(Array.from({ length: 60 }, () => userWithBalance(server, token, '30.00')));
    const open = await nextOpenPeriod(users[0]!);
    const options = ['big', 'small', 'odd', 'even', 'sum-10', 'pair-2'];
    const answers = await Promise.all(
      users.map((user, i) => order(user, open.periodNo, [...options.slice(i % options.length), ...options.slice(0, i % options.length)].map((option) => ({ option, quantity: 1 + (i % 3) })))),
    );
    expect(answers.map((a) => a.status)).toEqual(users.map(() => 200));
    expect((await verifyLedger(server, token)).problems).toEqual([]);
  });

  it('keeps coming in for the next period while a period with many orders is settled', async () => {
    const users = await Promise.all(Array.from({ length: 30 }, () => userWithBalance(server, token, '20.00')));
    const open = await nextOpenPeriod(users[0]!);
    const first = await Promise.all(users.map((user) => order(user, open.periodNo, [{ option: 'big', quantity: 2 }, { option: 'pair-3', quantity: 1 }])));
    expect(first.every((a) => a.status === 200)).toBe(true);

    // The draw of the first period and orders for the next, by the same users, at the same moment.
    const nextPeriodNo = periodAt({ periodSeconds: 60, lockSeconds: 10 }, 'UTC', open.drawsAt).periodNo;
    server.clock.advance(open.drawsAt - server.clock.now());
    const [, ...second] = await Promise.all([periodNow(users[1]!), ...users.map((user) => order(user, nextPeriodNo, [{ option: 'small', quantity: 1 }]))]);
    expect(second.map((a) => a.status)).toEqual(users.map(() => 200));

    const orders = await callAs(server, users[0]!, CALLS.orderList, { page: 1, pageSize: 10, audited: true });
    expect(orders.body.data.items.map((o) => o.periodNo)).toEqual([open.periodNo, open.periodNo]);
    expect((await verifyLedger(server, token)).problems).toEqual([]);
  });
});
