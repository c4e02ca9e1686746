import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CALLS,
  OPERATOR_CALLS,
  attachRechargeVoucher,
  createRecharge,
  createWithdrawal,
  rechargeChannels,
  rechargeDetail,
  rechargeList,
  userAssets,
  userStatement,
  withdrawalDetail,
  withdrawalList,
  withdrawInfo,
  type CallBody,
  type CallResult,
} from '@wallet/contract';
import { registerUser, startClockedServer, type ClockedServer, type RegisteredUser } from '../../testing/accounts.js';
import { assetsOf, requestRecharge, review, verifyLedger, withdraw, startWithOpenChannel } from '../../testing/money.js';
import { adjust as adjustment, centsOf, userIdOf, userWithBalance } from '../../testing/money-load.js';
import { post, signedBody } from '../../testing/test-server.js';
import { call, callAs, errorOf, expectRefusal, operatorCallAs } from '../../testing/typed-call.js';

let server: ClockedServer;
let token: string;
beforeAll(async () => {
  ({ server, token } = await startWithOpenChannel(startClockedServer));
});
afterAll(async () => server.close());

const SECOND = 1000;
const MONEY_CALLS = [
  userAssets,
  userStatement,
  rechargeChannels,
  createRecharge,
  attachRechargeVoucher,
  rechargeList,
  rechargeDetail,
  withdrawInfo,
  createWithdrawal,
  withdrawalList,
  withdrawalDetail,
];

/** A body each call accepts, so only the session or the signature can be what is wrong. */
const VALID_BODIES: Record<string, Record<string, unknown>> = {
  [createRecharge.path]: { channelId: 'bank-transfer', amount: '100', requestId: randomUUID() },
  [attachRechargeVoucher.path]: { orderNo: 'R000000AAAAAAAAAA', voucher: '/uploads/x.png' },
  [rechargeDetail.path]: { orderNo: 'R000000AAAAAAAAAA' },
  [createWithdrawal.path]: { name: 'A', bankName: 'B', cardNo: '1234567890', amount: '10', payPassword: '123456', requestId: randomUUID() },
  [withdrawalDetail.path]: { orderNo: 'W000000AAAAAAAAAA' },
};
const bodyOf = (path: string) => VALID_BODIES[path] ?? {};

const money = (amount: number) => (amount / 100).toFixed(2);

async function adjust(userId: string, account: 'available' | 'coin', amount: string, reason: string) {
  const response = await adjustment(server, token, { userId, account, amount, reason });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

async function recharged(user: RegisteredUser, amount: string, approve?: boolean) {
  const response = await requestRecharge(server, user, amount);
  expect(response.status).toBe(200);
  if (approve !== undefined) expect((await review(server, token, 'recharges', response.body.data.orderNo, approve, approve ? '' : 'No payment')).status).toBe(200);
  return response.body.data;
}

async function withdrawn(user: RegisteredUser, amount: string, approve?: boolean): Promise<string> {
  const response = await withdraw(server, user, amount);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const orderNo = response.body.data.orderNo;
  if (approve !== undefined) expect((await review(server, token, 'withdrawals', orderNo, approve, approve ? '' : 'Card refused')).status).toBe(200);
  return orderNo;
}

type StatementPage = CallResult<typeof userStatement>;
type StatementItem = StatementPage['items'][number];
type StatementLeg = StatementItem['legs'][number];

function statementOf(user: RegisteredUser, body: CallBody<typeof userStatement> = {}) {
  return callAs(server, user, CALLS.userStatement, body);
}

/** What a statement item says, without its id and time. */
const readable = ({ id: _id, createdAt: _createdAt, ...item }: StatementItem) => item;

const leg = (account: StatementLeg['account'], amount: string, balanceAfter: string): StatementLeg => ({ account, amount, balanceAfter });

/** The operator's opening credit that `userWithBalance` gives. */
const opening = (amount: string, reference: string) => ({
  kind: 'adjustment',
  amount,
  balanceAccount: 'available',
  balanceAfter: amount,
  frozen: '0.00',
  coin: 0,
  reference,
  memo: 'Opening balance',
  legs: [leg('available', amount, amount)],
});

/** A withdrawal of 500.80 from a balance of 1000.00: off the balance, into the frozen funds. */
const withdrawalRequested = (reference: string) => ({
  kind: 'withdrawal_requested',
  amount: '-500.80',
  balanceAccount: 'available',
  balanceAfter: '499.20',
  frozen: '500.80',
  coin: 0,
  reference,
  memo: '',
  legs: [leg('available', '-500.80', '499.20'), leg('frozen', '500.80', '500.80')],
});

describe('user/assets', () => {
  it('shows nothing for a new user', async () => {
    const user = await registerUser(server);
    const response = await callAs(server, { token: user.token }, CALLS.userAssets, {});
    expect(response.body).toEqual({
      code: 200,
      mess: 'Success',
      data: { balance: '0.00', freeze: '0.00', coin: 0, totals: { recharged: '0.00', withdrawn: '0.00', ordered: '0.00', profit: '0.00' } },
    });
  });

  it('counts credited recharges (the amount paid) and paid-out withdrawals, and credit points from adjustments', async () => {
    const user = await registerUser(server);
    const userId = await userIdOf(server, token, user);
    const first = await recharged(user, '100', true);
    const second = await recharged(user, '200', true);
    await recharged(user, '300', false);
    await recharged(user, '400');
    const credited = centsOf(first.payAmount) + centsOf(second.payAmount);
    expect(await assetsOf(server, user)).toMatchObject({ balance: money(credited), freeze: '0.00', totals: { recharged: money(credited), withdrawn: '0.00' } });

    await withdrawn(user, '50', true);
    await withdrawn(user, '20', false);
    await withdrawn(user, '30');
    await adjust(userId, 'coin', '7', 'Welcome points');
    await adjust(userId, 'coin', '-2', 'Correction');
    await adjust(userId, 'available', '1.00', 'Goodwill');

    expect(await assetsOf(server, user)).toEqual({
      balance: money(credited - 5000 - 3000 + 100),
      freeze: '30.00',
      coin: 5,
      totals: { recharged: money(credited), withdrawn: '50.00', ordered: '0.00', profit: '0.00' },
    });
  });
});

describe('user/statement', () => {
  const step = () => server.clock.advance(SECOND);

  it('shows a withdrawal requested then refused as two movements: the amount off the balance (frozen), then back', async () => {
    const user = await userWithBalance(server, token, '1000.00');
    const orderNo = await withdrawn(user, '500.80');
    step();
    expect((await review(server, token, 'withdrawals', orderNo, false, 'Card refused')).status).toBe(200);

    const { items, total } = (await statementOf(user)).body.data;
    expect(total).toBe(3);
    expect(items.map(readable)).toEqual([
      {
        kind: 'withdrawal_refused',
        amount: '500.80',
        balanceAccount: 'available',
        balanceAfter: '1000.00',
        frozen: '-500.80',
        coin: 0,
        reference: orderNo,
        memo: '',
        legs: [leg('available', '500.80', '1000.00'), leg('frozen', '-500.80', '0.00')],
      },
      withdrawalRequested(orderNo),
      opening('1000.00', items[2]!.reference),
    ]);
  });

  it('shows a paid-out withdrawal once on the balance: at the request; the payout moves only the frozen funds, with their balance after', async () => {
    const user = await userWithBalance(server, token, '1000.00');
    const orderNo = await withdrawn(user, '500.80');
    step();
    expect((await review(server, token, 'withdrawals', orderNo, true)).status).toBe(200);

    const { items } = (await statementOf(user)).body.data;
    expect(items.slice(0, 2).map(readable)).toEqual([
      {
        kind: 'withdrawal_approved',
        amount: '0.00',
        balanceAccount: 'frozen',
        balanceAfter: '0.00',
        frozen: '-500.80',
        coin: 0,
        reference: orderNo,
        memo: '',
        legs: [leg('frozen', '-500.80', '0.00')],
      },
      withdrawalRequested(orderNo),
    ]);
    expect(await assetsOf(server, user)).toMatchObject({ balance: '499.20', freeze: '0.00', totals: { withdrawn: '500.80' } });
  });

  it('shows recharges, adjustments with their reasons and credit points as points, newest first, each with the balance after it of the account it moved', async () => {
    const user = await registerUser(server);
    const userId = await userIdOf(server, token, user);
    const credited = await recharged(user, '100', true);
    step();
    await recharged(user, '300', false);
    step();
    await adjust(userId, 'coin', '7', 'Welcome points');
    step();
    await adjust(userId, 'available', '-1.50', 'Bank charge refunded twice');
    step();
    await adjust(userId, 'coin', '-2', 'Correction');
    step();

    const { items, total } = (await statementOf(user)).body.data;
    // A refused recharge moves no money: it is not on the statement.
    expect(total).toBe(4);
    const paid = centsOf(credited.payAmount);
    const [correction, refund, points, recharge] = items;
    expect(items.map(readable)).toEqual([
      {
        kind: 'adjustment',
        amount: '0.00',
        balanceAccount: 'coin',
        balanceAfter: '5',
        frozen: '0.00',
        coin: -2,
        reference: correction!.reference,
        memo: 'Correction',
        legs: [leg('coin', '-2', '5')],
      },
      {
        kind: 'adjustment',
        amount: '-1.50',
        balanceAccount: 'available',
        balanceAfter: money(paid - 150),
        frozen: '0.00',
        coin: 0,
        reference: refund!.reference,
        memo: 'Bank charge refunded twice',
        legs: [leg('available', '-1.50', money(paid - 150))],
      },
      {
        kind: 'adjustment',
        amount: '0.00',
        balanceAccount: 'coin',
        balanceAfter: '7',
        frozen: '0.00',
        coin: 7,
        reference: points!.reference,
        memo: 'Welcome points',
        legs: [leg('coin', '7', '7')],
      },
      {
        kind: 'recharge_approved',
        amount: credited.payAmount,
        balanceAccount: 'available',
        balanceAfter: credited.payAmount,
        frozen: '0.00',
        coin: 0,
        reference: credited.orderNo,
        memo: '',
        legs: [leg('available', credited.payAmount, credited.payAmount)],
      },
    ]);
    // The adjustments' references are order numbers of their own, made on the server like every other.
    for (const adjustment of [correction, refund, points]) expect(adjustment!.reference).toMatch(/^A\d{6}[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(new Set([correction, refund, points].map((item) => item!.reference)).size).toBe(3);
    expect(recharge!.createdAt).toBeLessThan(correction!.createdAt);
    expect(await assetsOf(server, user)).toMatchObject({ balance: money(paid - 150), freeze: '0.00', coin: 5 });
  });

  it('lists money and credit points apart: unit money leaves out point movements, unit points shows only them with the points after', async () => {
    const user = await userWithBalance(server, token, '100.00');
    step();
    await adjust(user.id, 'coin', '4', 'Points one');
    step();
    const orderNo = await withdrawn(user, '30.00');
    step();
    await adjust(user.id, 'coin', '6', 'Points two');
    step();
    expect((await review(server, token, 'withdrawals', orderNo, true)).status).toBe(200);

    const moneyLines = (await statementOf(user, { unit: 'money' })).body.data;
    expect(moneyLines.total).toBe(3);
    expect(moneyLines.items.map((item) => [item.kind, item.balanceAccount, item.balanceAfter])).toEqual([
      ['withdrawal_approved', 'frozen', '0.00'],
      ['withdrawal_requested', 'available', '70.00'],
      ['adjustment', 'available', '100.00'],
    ]);
    const pointLines = (await statementOf(user, { unit: 'points' })).body.data;
    expect(pointLines.total).toBe(2);
    expect(pointLines.items.map((item) => [item.memo, item.coin, item.balanceAccount, item.balanceAfter])).toEqual([
      ['Points two', 6, 'coin', '10'],
      ['Points one', 4, 'coin', '4'],
    ]);
    expect((await statementOf(user)).body.data.total).toBe(5);
    const unknownUnit = await callAs(server, { token: user.token }, CALLS.userStatement, { unit: 'gold' } as never);
    expectRefusal(unknownUnit, 400, 'VALIDATION');
  });

  it('pages by movement: whatever the page size, no movement is split or repeated', async () => {
    const user = await userWithBalance(server, token, '1000.00');
    for (let n = 1; n <= 8; n += 1) {
      const orderNo = await withdrawn(user, `${10 + n}.00`);
      step();
      expect((await review(server, token, 'withdrawals', orderNo, n % 2 === 0, n % 2 === 0 ? '' : 'Card refused')).status).toBe(200);
      step();
      if (n % 3 === 0) {
        await adjust(user.id, 'coin', String(n), `Points ${n}`);
        step();
      }
    }
    const all = (await statementOf(user, { pageSize: 50 })).body.data;
    // The opening balance, 8 requests, 8 reviews and 2 credit-point adjustments.
    expect(all.total).toBe(19);
    expect(all.items).toHaveLength(19);
    expect(new Set(all.items.map((item) => item.id)).size).toBe(19);
    const legsPerKind = { adjustment: 1, withdrawal_requested: 2, withdrawal_refused: 2, withdrawal_approved: 1 };
    for (const item of all.items) expect(item.legs, item.kind).toHaveLength(legsPerKind[item.kind as keyof typeof legsPerKind]);

    for (const pageSize of [1, 2, 3, 7]) {
      const pages: StatementPage[] = [];
      for (let page = 1; page <= Math.ceil(19 / pageSize) + 1; page += 1) pages.push((await statementOf(user, { page, pageSize })).body.data);
      expect(pages.map((p) => p.total)).toEqual(pages.map(() => 19));
      expect(pages.at(-1)!.items, `past the end at page size ${pageSize}`).toEqual([]);
      expect(pages.flatMap((p) => p.items), `page size ${pageSize}`).toEqual(all.items);
    }

    const tooBig = await statementOf(user, { pageSize: 51 });
    expectRefusal(tooBig, 400, 'VALIDATION');
    expect(Object.keys(errorOf(tooBig).fields ?? {})).toEqual(['pageSize']);
  });

  it("shows nobody else's movements, and no balance of theirs", async () => {
    const user = await userWithBalance(server, token, '10.00');
    const other = await userWithBalance(server, token, '900.00');
    const otherWithdrawal = await withdrawn(other, '100.00');
    step();
    await adjust(user.id, 'coin', '3', 'Points for you');
    step();
    expect((await review(server, token, 'withdrawals', otherWithdrawal, true)).status).toBe(200);
    await adjust(other.id, 'available', '9.00', 'Not yours');

    const mine = (await statementOf(user)).body.data;
    expect(mine.total).toBe(2);
    expect(mine.items.map((item) => [item.kind, item.amount, item.balanceAfter, item.coin, item.memo])).toEqual([
      ['adjustment', '0.00', '3', 3, 'Points for you'],
      ['adjustment', '10.00', '10.00', 0, 'Opening balance'],
    ]);
    const theirs = (await statementOf(other)).body.data;
    expect(theirs.items.map((item) => item.kind)).toEqual(['adjustment', 'withdrawal_approved', 'withdrawal_requested', 'adjustment']);
    expect(theirs.items.every((item) => item.memo !== 'Points for you')).toBe(true);
    const fresh = await registerUser(server);
    expect((await statementOf(fresh)).body.data).toEqual({ items: [], total: 0, page: 1, pageSize: 20 });
  });
});

describe('money calls without a session or a signature', () => {
  it.each(MONEY_CALLS.map((c) => [c.path]))('%s signed out is 401 SESSION_REQUIRED', async (path) => {
    const response = await call(server, path, bodyOf(path));
    expectRefusal(response, 401, 'SESSION_REQUIRED');
    expect(response.body.mess).toBe('Please log in to continue.');
  });

  it.each(MONEY_CALLS.map((c) => [c.path]))('%s with an unknown or logged-out token is 401 SESSION_INVALID', async (path) => {
    const user = await registerUser(server);
    expect((await callAs(server, { token: user.token }, CALLS.logOut, {})).status).toBe(200);
    expectRefusal(await call(server, path, bodyOf(path), { token: user.token }), 401, 'SESSION_INVALID');
    expectRefusal(await call(server, path, bodyOf(path), { token: 'x'.repeat(43) }), 401, 'SESSION_INVALID');
  });

  it.each(MONEY_CALLS.map((c) => [c.path]))('%s unsigned, or signed with another key, is 403 SIGNATURE_INVALID', async (path) => {
    const user = await registerUser(server);
    const times = server.clock.now();
    const unsigned = await post(server, path, { token: user.token, ...bodyOf(path) });
    expectRefusal(unsigned, 403, 'SIGNATURE_INVALID');
    expect(unsigned.body.mess).toBe('The request could not be verified. Please update or restart the app.');
    const otherKey = await post(server, path, signedBody(bodyOf(path), { token: user.token, times, key: 'not-the-key' }));
    expectRefusal(otherKey, 403, 'SIGNATURE_INVALID');
    const stale = await post(server, path, signedBody(bodyOf(path), { token: user.token, times: times - 6 * 60 * SECOND }));
    expectRefusal(stale, 403, 'REQUEST_STALE');
  });

  it('a frozen account is 403 ACCOUNT_FROZEN on every money call', async () => {
    const user = await registerUser(server);
    const userId = await userIdOf(server, token, user);
    expect((await operatorCallAs(server, token, OPERATOR_CALLS.freezeUser, { userId, frozen: true })).status).toBe(200);
    for (const { path } of MONEY_CALLS) {
      const response = await call(server, path, bodyOf(path), { token: user.token });
      expect(`${path} ${response.status} ${errorOf(response).reason}`).toBe(`${path} 403 ACCOUNT_FROZEN`);
    }
  });

  it('keeps the ledger whole', async () => {
    const report = await verifyLedger(server, token);
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
  });
});
