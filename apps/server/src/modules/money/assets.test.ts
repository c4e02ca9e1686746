import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
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
} from '@wallet/contract';
import { call, operatorCall, registerUser, startClockedServer, startWithOperator, type ClockedServer, type RegisteredUser } from '../../testing/accounts.js';
import { assetsOf, requestRecharge, review, verifyLedger, withdraw } from '../../testing/money.js';
import { adjust as adjustment, centsOf, expectRefusal, userIdOf, type ErrorData, type Page, type StatementEntry } from '../../testing/money-load.js';
import { post, signedBody } from '../../testing/test-server.js';

let server: ClockedServer;
let token: string;
beforeAll(async () => {
  ({ server, token } = await startWithOperator(startClockedServer));
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

async function recharged(user: RegisteredUser, amount: string, approve?: boolean): Promise<{ orderNo: string; payAmount: string }> {
  const response = await requestRecharge(server, user, amount);
  expect(response.status).toBe(200);
  if (approve !== undefined) expect((await review(server, token, 'recharges', response.body.data.orderNo, approve, approve ? '' : 'No payment')).status).toBe(200);
  return response.body.data;
}

async function withdrawn(user: RegisteredUser, amount: string, approve?: boolean): Promise<string> {
  const response = await withdraw(server, user, amount);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const orderNo = response.body.data['orderNo']!;
  if (approve !== undefined) expect((await review(server, token, 'withdrawals', orderNo, approve, approve ? '' : 'Card refused')).status).toBe(200);
  return orderNo;
}

function statementOf(user: RegisteredUser, body: Record<string, unknown> = {}) {
  return call<Page<StatementEntry>>(server, '/api/user/statement', body, { token: user.token, ip: user.ip });
}

/** What a statement line says, without its id and time. */
const line = (entry: Omit<StatementEntry, 'id' | 'createdAt'>) => `${entry.kind} ${entry.account} ${entry.amount} → ${entry.balanceAfter} ${entry.reference} ${entry.memo}`.trim();

/** Lines grouped by the transfer they belong to, each group sorted: one transfer's own entries come in no promised order. */
function byTransfer(lines: { key: string; text: string }[]): string[][] {
  const groups: { key: string; texts: string[] }[] = [];
  for (const { key, text } of lines) {
    const last = groups.at(-1);
    if (last?.key === key) last.texts.push(text);
    else groups.push({ key, texts: [text] });
  }
  return groups.map((g) => g.texts.sort());
}

describe('user/assets', () => {
  it('shows nothing for a new user', async () => {
    const user = await registerUser(server);
    const response = await call(server, '/api/user/assets', {}, { token: user.token });
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
  it('lists every movement newest first with kind, account, signed amount, balance after, reference and memo', async () => {
    const user = await registerUser(server);
    const userId = await userIdOf(server, token, user);
    const expected: { key: string; text: string }[] = [];
    const balances = { available: 0, frozen: 0, coin: 0 };
    const move = (kind: string, reference: string, account: keyof typeof balances, amount: number, memo = '') => {
      balances[account] += amount;
      const text = account === 'coin' ? String : money;
      expected.unshift({ key: `${kind} ${reference}`, text: line({ kind, account, amount: text(amount), balanceAfter: text(balances[account]), reference, memo }) });
    };
    const step = () => server.clock.advance(SECOND);

    const r1 = await recharged(user, '100', true);
    move('recharge_approved', r1.orderNo, 'available', centsOf(r1.payAmount));
    step();
    const r2 = await recharged(user, '250', true);
    move('recharge_approved', r2.orderNo, 'available', centsOf(r2.payAmount));
    step();
    await recharged(user, '300', false);
    step();
    const w1 = await withdrawn(user, '50');
    move('withdrawal_requested', w1, 'available', -5000);
    move('withdrawal_requested', w1, 'frozen', 5000);
    step();
    expect((await review(server, token, 'withdrawals', w1, true)).status).toBe(200);
    move('withdrawal_approved', w1, 'frozen', -5000);
    step();
    const w2 = await withdrawn(user, '20', false);
    move('withdrawal_requested', w2, 'available', -2000);
    move('withdrawal_requested', w2, 'frozen', 2000);
    move('withdrawal_refused', w2, 'frozen', -2000);
    move('withdrawal_refused', w2, 'available', 2000);
    step();
    await adjust(userId, 'coin', '7', 'Welcome points');
    step();
    await adjust(userId, 'available', '-1.50', 'Bank charge refunded twice');
    step();

    const response = await statementOf(user, { pageSize: 50 });
    expect(response.status).toBe(200);
    const { items, total } = response.body.data;
    expect(total).toBe(11);
    expect(items).toHaveLength(11);

    // The adjustments' references are their own ids, made on the server.
    const [refund, points] = items;
    expect(refund).toMatchObject({ kind: 'adjustment', account: 'available', amount: '-1.50', memo: 'Bank charge refunded twice' });
    expect(points).toMatchObject({ kind: 'adjustment', account: 'coin', amount: '7', balanceAfter: '7', memo: 'Welcome points' });
    expect(refund!.reference).toMatch(/^A[0-9A-F]{16}$/);
    expect(points!.reference).toMatch(/^A[0-9A-F]{16}$/);
    expect(refund!.reference).not.toBe(points!.reference);
    move('adjustment', points!.reference, 'coin', 7, 'Welcome points');
    move('adjustment', refund!.reference, 'available', -150, 'Bank charge refunded twice');

    const actual = items.map((e) => ({ key: `${e.kind} ${e.reference}`, text: line(e) }));
    expect(byTransfer(actual)).toEqual(byTransfer(expected));
    expect(refund!.balanceAfter).toBe(money(balances.available));
    expect(await assetsOf(server, user)).toMatchObject({ balance: money(balances.available), freeze: '0.00', coin: 7 });

    const ids = items.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const times = items.map((e) => e.createdAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('pages the statement', async () => {
    const user = await registerUser(server);
    const userId = await userIdOf(server, token, user);
    for (const amount of ['1.00', '2.00', '3.00', '4.00', '5.00']) {
      await adjust(userId, 'available', amount, `Credit ${amount}`);
      server.clock.advance(SECOND);
    }
    const all = await statementOf(user);
    expect([all.body.data.total, all.body.data.page, all.body.data.pageSize]).toEqual([5, 1, 20]);
    expect(all.body.data.items.map((e) => [e.amount, e.balanceAfter])).toEqual([
      ['5.00', '15.00'],
      ['4.00', '10.00'],
      ['3.00', '6.00'],
      ['2.00', '3.00'],
      ['1.00', '1.00'],
    ]);
    const pages = await Promise.all([1, 2, 3, 4].map((page) => statementOf(user, { page, pageSize: 2 })));
    expect(pages.map((p) => [p.body.data.page, p.body.data.pageSize, p.body.data.total, p.body.data.items.length])).toEqual([
      [1, 2, 5, 2],
      [2, 2, 5, 2],
      [3, 2, 5, 1],
      [4, 2, 5, 0],
    ]);
    expect(pages.flatMap((p) => p.body.data.items)).toEqual(all.body.data.items);

    const tooBig = await statementOf(user, { pageSize: 51 });
    expectRefusal(tooBig, 400, 'VALIDATION');
    expect(Object.keys((tooBig.body.data as unknown as ErrorData).fields ?? {})).toEqual(['pageSize']);
  });

  it("shows nobody else's movements", async () => {
    const user = await registerUser(server);
    const other = await registerUser(server);
    await adjust(await userIdOf(server, token, other), 'available', '9.00', 'Not yours');
    expect((await statementOf(user)).body.data).toEqual({ items: [], total: 0, page: 1, pageSize: 20 });
    expect((await statementOf(other)).body.data.total).toBe(1);
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
    expect((await call(server, '/api/login/login_out', {}, { token: user.token })).status).toBe(200);
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
    expect((await operatorCall(server, '/admin/api/users/freeze', { userId, frozen: true }, token)).status).toBe(200);
    for (const { path } of MONEY_CALLS) {
      const response = await call(server, path, bodyOf(path), { token: user.token });
      expect(`${path} ${response.status} ${(response.body.data as ErrorData).reason}`).toBe(`${path} 403 ACCOUNT_FROZEN`);
    }
  });

  it('keeps the ledger whole', async () => {
    const report = await verifyLedger(server, token);
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
  });
});
