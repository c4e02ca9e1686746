import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CALLS,
  OPERATOR_CALLS,
  adjustUser,
  listRecharges,
  listWithdrawals,
  readSettings,
  reviewRecharge,
  reviewWithdrawal,
  saveSettings,
  settingSchemas,
  verifyLedger as verifyLedgerCall,
  type CallBody,
} from '@wallet/contract';
import { registerUser, startClockedServer, type ClockedServer, type RegisteredUser } from '../../testing/accounts.js';
import { TEST_CHANNEL, assetsOf, requestRecharge, review, verifyLedger, withdraw, startWithOpenChannel, allowLargeAdjustments } from '../../testing/money.js';
import { auditTotal, latestAudit, userIdOf, userWithBalance } from '../../testing/money-load.js';
import { post, type CallResponse } from '../../testing/test-server.js';
import { callAs, errorOf, expectRefusal, operatorCall, operatorCallAs } from '../../testing/typed-call.js';

let server: ClockedServer;
let token: string;
beforeAll(async () => {
  ({ server, token } = await startWithOpenChannel(startClockedServer));
  await allowLargeAdjustments(server);
});
afterAll(async () => server.close());

const SECOND = 1000;
const DEFAULT_WITHDRAWAL = { minAmount: '10.00', maxAmount: '50000.00', feeRate: '0.01' };
const OPERATOR_MONEY_CALLS = [listRecharges, reviewRecharge, listWithdrawals, reviewWithdrawal, adjustUser, readSettings, saveSettings, verifyLedgerCall];

const tag = () => `m${randomBytes(3).toString('hex')}`;

function expectFieldRefusal(response: CallResponse<unknown>, fields: Record<string, string>) {
  expectRefusal(response, 400, 'VALIDATION');
  expect(errorOf(response).fields).toEqual(fields);
}

function fieldsOf(response: CallResponse<unknown>): string[] {
  return Object.keys(errorOf(response).fields ?? {});
}

type AdjustBody = CallBody<typeof adjustUser>;

function adjust(body: Omit<AdjustBody, 'reason'> & Partial<AdjustBody>) {
  return operatorCallAs(server, token, OPERATOR_CALLS.adjustUser, { reason: 'Correction', ...body });
}

/** `adjust` with a body the contract forbids, to see it refused. */
function adjustMalformed(body: Record<string, unknown>) {
  return operatorCall(server, OPERATOR_CALLS.adjustUser.path, { reason: 'Correction', ...body }, token);
}

function recharges(body: CallBody<typeof listRecharges>) {
  return operatorCallAs(server, token, OPERATOR_CALLS.recharges, body);
}

function withdrawals(body: CallBody<typeof listWithdrawals>) {
  return operatorCallAs(server, token, OPERATOR_CALLS.withdrawals, body);
}

async function rechargeOf(user: RegisteredUser, amount: string): Promise<string> {
  const response = await requestRecharge(server, user, amount);
  expect(response.status).toBe(200);
  server.clock.advance(SECOND);
  return response.body.data.orderNo;
}

async function withdrawalOf(user: RegisteredUser, amount: string, cardNo = '6222 0000 1111 2222'): Promise<string> {
  const response = await withdraw(server, user, amount, { cardNo });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  server.clock.advance(SECOND);
  return response.body.data.orderNo;
}

const richUser = (amount: string, username?: string) => userWithBalance(server, token, amount, username ? { username } : {});

describe('/admin/api/recharges and /admin/api/withdrawals', () => {
  let alice: RegisteredUser & { id: string };
  let bob: RegisteredUser & { id: string };
  const r: Record<string, string> = {};
  const w: Record<string, string> = {};

  beforeAll(async () => {
    const t = tag();
    alice = await richUser('1000', `${t}_Alice`);
    bob = await richUser('1000', `${t}_Bob`);
    r['a1'] = await rechargeOf(alice, '101');
    r['a2'] = await rechargeOf(alice, '102');
    r['b1'] = await rechargeOf(bob, '103');
    r['a3'] = await rechargeOf(alice, '104');
    expect((await review(server, token, 'recharges', r['a1'], true)).status).toBe(200);
    expect((await review(server, token, 'recharges', r['a2'], false, 'No payment arrived')).status).toBe(200);

    w['a1'] = await withdrawalOf(alice, '11', '1111222233334444');
    w['a2'] = await withdrawalOf(alice, '12', '5555666677778888');
    w['b1'] = await withdrawalOf(bob, '13', '9999000011112222');
    w['a3'] = await withdrawalOf(alice, '14', '1234 5678 9012 3456');
    expect((await review(server, token, 'withdrawals', w['a1'], true)).status).toBe(200);
    expect((await review(server, token, 'withdrawals', w['a2'], false, 'Name and card do not match')).status).toBe(200);
  });

  it("finds a user's recharges by username (any case), by user id or by order number, newest first", async () => {
    const byName = await recharges({ q: alice.username });
    expect(byName.status).toBe(200);
    expect(byName.body.mess).toBe('Success');
    expect(byName.body.data.total).toBe(3);
    expect(byName.body.data.items.map((x) => x.orderNo)).toEqual([r['a3'], r['a2'], r['a1']]);
    expect(byName.body.data.items.map((x) => [x.status, x.reviewedBy, x.username, x.userId])).toEqual([
      ['review', null, alice.username, alice.id],
      ['refused', 'admin', alice.username, alice.id],
      ['completed', 'admin', alice.username, alice.id],
    ]);
    expect(byName.body.data.items[1]?.remark).toBe('No payment arrived');

    for (const q of [alice.username.toUpperCase(), alice.username.toLowerCase(), `  ${alice.username} `, alice.id]) {
      expect((await recharges({ q })).body.data.items.map((x) => x.orderNo), q).toEqual([r['a3'], r['a2'], r['a1']]);
    }
    for (const q of [r['b1']!, r['b1']!.toLowerCase()]) {
      const one = await recharges({ q });
      expect(one.body.data.total).toBe(1);
      expect(one.body.data.items[0]).toMatchObject({ orderNo: r['b1'], username: bob.username, userId: bob.id, amount: '103.00', status: 'review' });
    }
    expect((await recharges({ q: w['a1'] })).body.data).toEqual({ items: [], total: 0, page: 1, pageSize: 20 });
    expect((await recharges({ q: 'nobody-at-all' })).body.data).toEqual({ items: [], total: 0, page: 1, pageSize: 20 });
  });

  it('filters recharges by status, with or without q, and pages them', async () => {
    expect((await recharges({ q: alice.username, status: 'review' })).body.data.items.map((x) => x.orderNo)).toEqual([r['a3']]);
    expect((await recharges({ q: alice.username, status: 'completed' })).body.data.items.map((x) => x.orderNo)).toEqual([r['a1']]);
    expect((await recharges({ q: alice.username, status: 'refused' })).body.data.items.map((x) => x.orderNo)).toEqual([r['a2']]);

    const waiting = await recharges({ status: 'review', pageSize: 50 });
    expect(waiting.body.data.items.every((x) => x.status === 'review')).toBe(true);
    const waitingOrders = waiting.body.data.items.map((x) => x.orderNo);
    expect(waitingOrders).toEqual(expect.arrayContaining([r['a3'], r['b1']]));
    expect(waitingOrders).not.toContain(r['a1']);
    expect(waiting.body.data.total).toBe(waiting.body.data.items.length);

    const pages = await Promise.all([1, 2, 3].map((page) => recharges({ q: alice.id, page, pageSize: 2 })));
    expect(pages.map((p) => [p.body.data.page, p.body.data.pageSize, p.body.data.total, p.body.data.items.length])).toEqual([
      [1, 2, 3, 2],
      [2, 2, 3, 1],
      [3, 2, 3, 0],
    ]);
    expect(pages.flatMap((p) => p.body.data.items.map((x) => x.orderNo))).toEqual([r['a3'], r['a2'], r['a1']]);
  });

  it('lists withdrawals the same way, with the full card number', async () => {
    const byName = await withdrawals({ q: alice.username.toUpperCase() });
    expect(byName.body.data.total).toBe(3);
    expect(byName.body.data.items.map((x) => [x.orderNo, x.status, x.cardNo, x.cardNoMasked, x.reviewedBy])).toEqual([
      [w['a3'], 'review', '1234567890123456', '************3456', null],
      [w['a2'], 'refused', '5555666677778888', '************8888', 'admin'],
      [w['a1'], 'completed', '1111222233334444', '************4444', 'admin'],
    ]);
    expect(byName.body.data.items[0]).toMatchObject({ amount: '14.00', fee: '0.14', arrival: '13.86', userId: alice.id, username: alice.username });
    expect(byName.body.data.items[1]?.remark).toBe('Name and card do not match');

    expect((await withdrawals({ q: alice.id, status: 'review' })).body.data.items.map((x) => x.orderNo)).toEqual([w['a3']]);
    expect((await withdrawals({ q: w['b1']!.toLowerCase() })).body.data.items.map((x) => [x.orderNo, x.username])).toEqual([[w['b1'], bob.username]]);
    expect((await withdrawals({ q: r['a1'] })).body.data.total).toBe(0);
    const second = await withdrawals({ q: alice.username, page: 2, pageSize: 2 });
    expect(second.body.data.items.map((x) => x.orderNo)).toEqual([w['a1']]);
    expect(second.body.data.total).toBe(3);

    const completed = await withdrawals({ status: 'completed', pageSize: 50 });
    expect(completed.body.data.items.every((x) => x.status === 'completed')).toBe(true);
    expect(completed.body.data.items.map((x) => x.orderNo)).toContain(w['a1']);
  });

  it.each([
    [{ status: 'pending' }, 'status'],
    [{ pageSize: 51 }, 'pageSize'],
    [{ page: 0 }, 'page'],
    [{ q: 'x'.repeat(65) }, 'q'],
    [{ q: 42 }, 'q'],
    [{ userId: 'x' }, 'userId'],
  ])('refuses the query %j with 400 naming %s', async (body, field) => {
    for (const path of [OPERATOR_CALLS.recharges.path, OPERATOR_CALLS.withdrawals.path]) {
      const response = await operatorCall(server, path, body, token);
      expectRefusal(response, 400, 'VALIDATION');
      expect(fieldsOf(response)).toEqual([field]);
    }
  });
});

describe('reviews', () => {
  it('completes a recharge once: a second review of either kind is 409 ALREADY_REVIEWED and credits nothing more', async () => {
    const user = await registerUser(server);
    const orderNo = await rechargeOf(user, '500');
    const reviewedAt = server.clock.now();
    const approved = await review(server, token, 'recharges', orderNo, true, 'Matched');
    expect(approved.status).toBe(200);
    expect(approved.body.mess).toBe('Reviewed');
    expect(approved.body.data).toMatchObject({ orderNo, status: 'completed', remark: 'Matched', reviewedBy: 'admin', reviewedAt, username: user.username });
    const balance = (await assetsOf(server, user)).balance;
    expect(balance).toBe(approved.body.data.payAmount);

    for (const approve of [true, false]) {
      const again = await review(server, token, 'recharges', orderNo, approve, 'Again');
      expectRefusal(again, 409, 'ALREADY_REVIEWED');
      expect(again.body.mess).toBe('This record has already been reviewed.');
    }
    expect((await assetsOf(server, user)).balance).toBe(balance);
    expect((await recharges({ q: orderNo })).body.data.items[0]).toMatchObject({ status: 'completed', remark: 'Matched' });
  });

  it('refuses a recharge once', async () => {
    const user = await registerUser(server);
    const orderNo = await rechargeOf(user, '501');
    expect((await review(server, token, 'recharges', orderNo, false, 'Unknown payer')).status).toBe(200);
    expectRefusal(await review(server, token, 'recharges', orderNo, true), 409, 'ALREADY_REVIEWED');
    expect((await assetsOf(server, user)).balance).toBe('0.00');
    expect((await recharges({ q: orderNo })).body.data.items[0]).toMatchObject({ status: 'refused', remark: 'Unknown payer' });
  });

  it('reviews a withdrawal once: after paying out, neither refusing nor paying again moves money', async () => {
    const user = await richUser('100');
    const orderNo = await withdrawalOf(user, '40');
    const approved = await review(server, token, 'withdrawals', orderNo, true);
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ orderNo, status: 'completed', reviewedBy: 'admin', cardNo: '6222000011112222' });
    for (const approve of [false, true]) expectRefusal(await review(server, token, 'withdrawals', orderNo, approve, 'Again'), 409, 'ALREADY_REVIEWED');
    expect(await assetsOf(server, user)).toMatchObject({ balance: '60.00', freeze: '0.00', totals: { withdrawn: '40.00' } });
  });

  it('refuses a withdrawal once: the amount comes back once', async () => {
    const user = await richUser('100');
    const orderNo = await withdrawalOf(user, '40');
    expect((await review(server, token, 'withdrawals', orderNo, false, 'Card closed')).status).toBe(200);
    for (const approve of [false, true]) expectRefusal(await review(server, token, 'withdrawals', orderNo, approve, 'Again'), 409, 'ALREADY_REVIEWED');
    expect(await assetsOf(server, user)).toMatchObject({ balance: '100.00', freeze: '0.00', totals: { withdrawn: '0.00' } });
  });

  it('answers an unknown order, or an order of the other kind, with 404', async () => {
    const user = await richUser('100');
    const rechargeNo = await rechargeOf(user, '502');
    const withdrawalNo = await withdrawalOf(user, '10');
    const before = await auditTotal(server, token);
    for (const [kind, orderNo] of [
      ['recharges', 'R000000AAAAAAAAAA'],
      ['withdrawals', 'W000000AAAAAAAAAA'],
      ['recharges', withdrawalNo],
      ['withdrawals', rechargeNo],
    ] as const) {
      const response = await review(server, token, kind, orderNo, true);
      expectRefusal(response, 404, 'NOT_FOUND');
      expect(response.body.mess).toBe('What you are looking for does not exist.');
    }
    expect(await auditTotal(server, token)).toBe(before);
    expect((await recharges({ q: rechargeNo })).body.data.items[0]?.status).toBe('review');
  });

  it('needs a remark to refuse, and approve as a boolean', async () => {
    const user = await registerUser(server);
    const orderNo = await rechargeOf(user, '503');
    expectFieldRefusal(await operatorCallAs(server, token, OPERATOR_CALLS.reviewRecharge, { orderNo, approve: false }), {
      remark: 'Please give the reason for refusing; the user will see it.',
    });
    expect(fieldsOf(await operatorCall(server, OPERATOR_CALLS.reviewRecharge.path, { orderNo, approve: 'yes' }, token))).toEqual(['approve']);
    expect(fieldsOf(await operatorCall(server, OPERATOR_CALLS.reviewRecharge.path, { orderNo }, token))).toEqual(['approve']);
    expect(fieldsOf(await operatorCall(server, OPERATOR_CALLS.reviewRecharge.path, { approve: true }, token))).toEqual(['orderNo']);
    expect(fieldsOf(await operatorCallAs(server, token, OPERATOR_CALLS.reviewWithdrawal, { orderNo, approve: true, remark: 'x'.repeat(201) }))).toEqual(['remark']);
    expect((await recharges({ q: orderNo })).body.data.items[0]?.status).toBe('review');
  });

  it('writes each review to the audit log', async () => {
    const user = await richUser('100');
    const rechargeNo = await rechargeOf(user, '504');
    const withdrawalNo = await withdrawalOf(user, '10');
    await review(server, token, 'recharges', rechargeNo, true, 'Seen on the statement');
    server.clock.advance(SECOND);
    await review(server, token, 'withdrawals', withdrawalNo, false, 'Wrong card');
    const [second, first] = await latestAudit(server, token, 2);
    expect(first).toMatchObject({
      operator: 'admin',
      action: 'recharges/review',
      target: rechargeNo,
      before: { status: 'review' },
      after: { status: 'completed', remark: 'Seen on the statement' },
    });
    expect(second).toMatchObject({ operator: 'admin', action: 'withdrawals/review', target: withdrawalNo, before: { status: 'review' }, after: { status: 'refused', remark: 'Wrong card' } });
  });
});

describe('/admin/api/users/adjust', () => {
  it('adds to and takes from the balance, never below zero', async () => {
    const user = await registerUser(server);
    const userId = await userIdOf(server, token, user);
    const added = await adjust({ userId, account: 'available', amount: '12.34', reason: 'Compensation' });
    expect(added.status).toBe(200);
    expect(added.body.mess).toBe('Saved');
    expect(added.body.data).toEqual({ status: 'done', userId, account: 'available', amount: '12.34', balance: '12.34', transferId: expect.any(String), adjustmentId: null });
    const taken = await adjust({ userId, account: 'available', amount: '-2.34' });
    expect(taken.body.data).toMatchObject({ amount: '-2.34', balance: '10.00' });

    const tooMuch = await adjust({ userId, account: 'available', amount: '-10.01' });
    expectRefusal(tooMuch, 422, 'INSUFFICIENT_BALANCE');
    expect(tooMuch.body.mess).toBe('Your balance is not enough.');
    expect((await assetsOf(server, user)).balance).toBe('10.00');
    expect((await adjust({ userId, account: 'available', amount: '-10' })).body.data.balance).toBe('0.00');
    expect((await assetsOf(server, user)).balance).toBe('0.00');
  });

  it("puts each adjustment in the user's statement under an order number made like a recharge's: A, the date, ten random characters", async () => {
    const user = await registerUser(server);
    const userId = await userIdOf(server, token, user);
    expect((await adjust({ userId, account: 'available', amount: '3.00' })).status).toBe(200);
    expect((await adjust({ userId, account: 'coin', amount: '4' })).status).toBe(200);
    const statement = await callAs(server, user, CALLS.userStatement, {});
    const references = statement.body.data.items.map((item) => item.reference);
    const date = new Date(server.clock.now()).toISOString().slice(2, 10).replaceAll('-', '');
    expect(references).toEqual([expect.stringMatching(new RegExp(`^A${date}[0-9A-HJKMNP-TV-Z]{10}$`)), expect.stringMatching(new RegExp(`^A${date}[0-9A-HJKMNP-TV-Z]{10}$`))]);
    expect(new Set(references).size).toBe(2);
  });

  it('adds to and takes from credit points in whole points, never below zero', async () => {
    const user = await registerUser(server);
    const userId = await userIdOf(server, token, user);
    const added = await adjust({ userId, account: 'coin', amount: '5', reason: 'Welcome points' });
    expect(added.body.data).toEqual({ status: 'done', userId, account: 'coin', amount: '5', balance: '5', transferId: expect.any(String), adjustmentId: null });
    expect((await assetsOf(server, user)).coin).toBe(5);
    expectRefusal(await adjust({ userId, account: 'coin', amount: '-6' }), 422, 'INSUFFICIENT_BALANCE');
    for (const amount of ['5.5', '0.01', '-1.50']) {
      expectFieldRefusal(await adjust({ userId, account: 'coin', amount }), { amount: 'Credit points are whole numbers.' });
    }
    expect((await adjust({ userId, account: 'coin', amount: '-5' })).body.data).toMatchObject({ amount: '-5', balance: '0' });
    expect(await assetsOf(server, user)).toMatchObject({ coin: 0, balance: '0.00' });
  });

  it('answers an unknown user with 404, and writes nothing', async () => {
    const before = await auditTotal(server, token);
    expectRefusal(await adjust({ userId: randomUUID(), account: 'available', amount: '5' }), 404, 'NOT_FOUND');
    expectRefusal(await adjust({ userId: 'no-such-user', account: 'coin', amount: '5' }), 404, 'NOT_FOUND');
    expect(await auditTotal(server, token)).toBe(before);
  });

  it.each([
    ['zero', '0', 'The amount cannot be zero.'],
    ['zero with decimals', '0.00', 'The amount cannot be zero.'],
    ['minus zero', '-0', 'The amount cannot be zero.'],
    ['zero as a number', 0, 'The amount cannot be zero.'],
    ['three decimals', '1.234', 'An amount can have at most two decimals.'],
    ['letters', 'ten', 'Enter an amount such as 12.50.'],
    ['no amount', undefined, 'This field is required.'],
  ])('refuses %s as the amount with 400 naming amount', async (_case, amount, message) => {
    const user = await registerUser(server);
    const userId = await userIdOf(server, token, user);
    expectFieldRefusal(await adjustMalformed({ userId, account: 'available', ...(amount === undefined ? {} : { amount }) }), { amount: message });
  });

  it('needs a known account and a reason', async () => {
    const user = await registerUser(server);
    const userId = await userIdOf(server, token, user);
    expect(fieldsOf(await adjustMalformed({ userId, account: 'frozen', amount: '5' }))).toEqual(['account']);
    expect(fieldsOf(await operatorCall(server, OPERATOR_CALLS.adjustUser.path, { userId, account: 'available', amount: '5' }, token))).toEqual(['reason']);
    expect(fieldsOf(await adjust({ userId, account: 'available', amount: '5', reason: '   ' }))).toEqual(['reason']);
    expect(fieldsOf(await adjustMalformed({ userId, account: 'available', amount: '5', note: 'x' }))).toEqual(['note']);
    expect((await assetsOf(server, user)).balance).toBe('0.00');
  });

  it('writes each adjustment to the audit log, with its reason', async () => {
    const user = await registerUser(server);
    const userId = await userIdOf(server, token, user);
    const before = await auditTotal(server, token);
    server.clock.advance(SECOND);
    const added = await adjust({ userId, account: 'available', amount: '3.00', reason: 'Refund of a double charge' });
    server.clock.advance(SECOND);
    const points = await adjust({ userId, account: 'coin', amount: '2', reason: 'Survey reward' });
    await adjust({ userId, account: 'available', amount: '-4.00', reason: 'Too much' });
    expect(await auditTotal(server, token)).toBe(before + 2);
    const [second, first] = await latestAudit(server, token, 2);
    expect(first).toMatchObject({
      operator: 'admin',
      action: 'users/adjust',
      target: `user:${userId}`,
      before: { account: 'available', balance: '0.00' },
      after: { ...added.body.data, reason: 'Refund of a double charge' },
    });
    expect(second).toMatchObject({
      action: 'users/adjust',
      target: `user:${userId}`,
      before: { account: 'coin', balance: '0' },
      after: { ...points.body.data, reason: 'Survey reward' },
    });
  });

  it('does it once for a retry with the same requestId, and refuses the requestId with other fields', async () => {
    const user = await registerUser(server);
    const userId = await userIdOf(server, token, user);
    const requestId = randomUUID();
    const first = await adjust({ userId, account: 'available', amount: '8.00', requestId });
    const retry = await adjust({ userId, account: 'available', amount: '8.00', requestId });
    expect(retry.status).toBe(200);
    expect(retry.body.data).toEqual(first.body.data);
    expectRefusal(await adjust({ userId, account: 'available', amount: '9.00', requestId }), 409, 'REQUEST_CONFLICT');
    expect((await assetsOf(server, user)).balance).toBe('8.00');
  });
});

describe('settings', () => {
  afterAll(async () => {
    const restored = await operatorCallAs(server, token, OPERATOR_CALLS.saveSettings, { rechargeChannels: [TEST_CHANNEL], withdrawal: DEFAULT_WITHDRAWAL });
    expect(restored.status).toBe(200);
  });

  async function settingsNow() {
    const response = await operatorCallAs(server, token, OPERATOR_CALLS.settings, {});
    expect(response.status).toBe(200);
    return response.body.data;
  }

  function save(body: CallBody<typeof saveSettings>) {
    return operatorCallAs(server, token, OPERATOR_CALLS.saveSettings, body);
  }

  /** `save` with a body the contract forbids, to see it refused. */
  function saveMalformed(body: Record<string, unknown>) {
    return operatorCall(server, OPERATOR_CALLS.saveSettings.path, body, token);
  }

  it('reads every setting, money as decimal strings and the fee as a fraction', async () => {
    const settings = await settingsNow();
    expect(Object.keys(settings).sort()).toEqual(Object.keys(settingSchemas).sort());
    expect(settings.rechargeChannels).toEqual([TEST_CHANNEL]);
    expect(settings.withdrawal).toEqual(DEFAULT_WITHDRAWAL);
  });

  it('saves withdrawal limits and fee, which the app then shows and holds, and audits the save', async () => {
    const before = await auditTotal(server, token);
    server.clock.advance(SECOND);
    const saved = await save({ withdrawal: { minAmount: '5', maxAmount: '2000.5', feeRate: '0.015' } });
    expect(saved.status).toBe(200);
    expect(saved.body.mess).toBe('Saved');
    expect(saved.body.data.withdrawal).toEqual({ minAmount: '5.00', maxAmount: '2000.50', feeRate: '0.015' });
    expect((await settingsNow()).withdrawal).toEqual({ minAmount: '5.00', maxAmount: '2000.50', feeRate: '0.015' });
    expect(saved.body.data.rechargeChannels).toEqual([TEST_CHANNEL]);
    expect(await auditTotal(server, token)).toBe(before + 1);
    const [entry] = await latestAudit(server, token, 1);
    expect(entry).toMatchObject({ operator: 'admin', action: 'settings/save', target: 'withdrawal' });
    expect(entry!.before).not.toEqual(entry!.after);

    const user = await richUser('3000');
    const info = await callAs(server, { token: user.token }, CALLS.withdrawInfo, {});
    expect(info.body.data).toMatchObject({ minAmount: '5.00', maxAmount: '2000.50', feeRate: '0.015' });
    const tooMuch = await withdraw(server, user, '2000.51');
    expectFieldRefusal(tooMuch, { amount: 'Enter an amount from 5.00 to 2000.50.' });
  });

  it('saves recharge channels, which the app then lists, and audits each setting saved', async () => {
    const before = await auditTotal(server, token);
    server.clock.advance(SECOND);
    const crypto = {
      id: 'usdt',
      name: 'USDT',
      kind: 'crypto' as const,
      details: [{ label: 'Address', value: 'TAbc' }],
      minAmount: '1',
      maxAmount: '999.99',
      randomDecimal: false,
      enabled: true,
    };
    const saved = await save({ rechargeChannels: [TEST_CHANNEL, crypto], withdrawal: { minAmount: '10', maxAmount: '100', feeRate: '0.02' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.rechargeChannels).toEqual([TEST_CHANNEL, { ...crypto, minAmount: '1.00', maxAmount: '999.99' }]);
    expect(saved.body.data.withdrawal).toEqual({ minAmount: '10.00', maxAmount: '100.00', feeRate: '0.02' });

    const user = await registerUser(server);
    const channels = await callAs(server, { token: user.token }, CALLS.rechargeChannels, {});
    expect(channels.body.data.map((c) => [c.id, c.minAmount])).toEqual([
      ['bank-transfer', '10.00'],
      ['usdt', '1.00'],
    ]);

    expect(await auditTotal(server, token)).toBe(before + 2);
    const targets = (await latestAudit(server, token, 2)).map((e) => `${e.action} ${e.target}`).sort();
    expect(targets).toEqual(['settings/save rechargeChannels', 'settings/save withdrawal']);
  });

  it('refuses a minimum above the maximum, for withdrawals and for a channel, and saves nothing', async () => {
    const before = await settingsNow();
    const audits = await auditTotal(server, token);
    expectFieldRefusal(await save({ withdrawal: { minAmount: '100.01', maxAmount: '100', feeRate: '0.01' } }), {
      'withdrawal.maxAmount': 'The maximum cannot be below the minimum.',
    });
    expectFieldRefusal(await save({ rechargeChannels: [{ ...TEST_CHANNEL, minAmount: '500', maxAmount: '499.99' }] }), {
      'rechargeChannels.0.maxAmount': 'The maximum cannot be below the minimum.',
    });
    // Nothing of a refused save is kept, not even the part that was right.
    expect(fieldsOf(await save({ rechargeChannels: [TEST_CHANNEL], withdrawal: { minAmount: '9', maxAmount: '8', feeRate: '0.01' } }))).toEqual([
      'withdrawal.maxAmount',
    ]);
    expect(await settingsNow()).toEqual(before);
    expect(await auditTotal(server, token)).toBe(audits);
  });

  it.each([['1'], ['0.5001'], ['0.6'], ['abc'], ['-0.01'], ['0.00001'], ['1%'], [''], ['.5'], [' 0.01']])(
    'refuses the fee rate %j with 400 naming withdrawal.feeRate',
    async (feeRate) => {
      const response = await save({ withdrawal: { minAmount: '10', maxAmount: '100', feeRate } });
      expectFieldRefusal(response, { 'withdrawal.feeRate': 'Enter the fee rate as a fraction from 0 to 0.5, such as 0.015 for 1.5 %.' });
    },
  );

  it('takes fee rates from 0 to 0.5 with up to four decimals, and no number', async () => {
    for (const [feeRate, shown] of [
      ['0', '0'],
      ['0.5', '0.5'],
      ['0.0125', '0.0125'],
      ['0.10', '0.1'],
    ] as const) {
      const saved = await save({ withdrawal: { minAmount: '10', maxAmount: '100', feeRate } });
      expect(saved.body.data.withdrawal.feeRate, feeRate).toBe(shown);
    }
    expect(fieldsOf(await saveMalformed({ withdrawal: { minAmount: '10', maxAmount: '100', feeRate: 0.01 } }))).toEqual(['withdrawal.feeRate']);
  });

  it('refuses a zero limit, naming the field the console sent', async () => {
    expectFieldRefusal(await save({ rechargeChannels: [{ ...TEST_CHANNEL, minAmount: '0' }] }), { 'rechargeChannels.0.minAmount': 'Enter an amount above zero.' });
    expectFieldRefusal(await save({ withdrawal: { minAmount: '0.00', maxAmount: '100', feeRate: '0.01' } }), { 'withdrawal.minAmount': 'Enter an amount above zero.' });
    expectFieldRefusal(await save({ withdrawal: { minAmount: '1', maxAmount: '0', feeRate: '0.01' } }), { 'withdrawal.maxAmount': 'Enter an amount above zero.' });
  });

  it('refuses to open a channel without payment details; a closed one may have none', async () => {
    expectFieldRefusal(await save({ rechargeChannels: [{ ...TEST_CHANNEL, details: [] }] }), {
      'rechargeChannels.0.details': 'An open channel needs its payment details.',
    });
    const closed = await save({ rechargeChannels: [{ ...TEST_CHANNEL, details: [], enabled: false }] });
    expect(closed.status).toBe(200);
    expect((await save({ rechargeChannels: [TEST_CHANNEL] })).status).toBe(200);
  });

  it('refuses two channels with one id', async () => {
    const copy = { ...TEST_CHANNEL, name: 'Bank transfer 2' };
    expectFieldRefusal(await save({ rechargeChannels: [TEST_CHANNEL, copy] }), { rechargeChannels: 'Each channel needs its own id.' });
  });

  it.each([
    [{ colour: 'red' }, 'colour'],
    [{ withdrawal: { ...DEFAULT_WITHDRAWAL, fixedFee: '1.00' } }, 'withdrawal.fixedFee'],
    [{ withdrawal: { minAmount: '10', maxAmount: '100' } }, 'withdrawal.feeRate'],
    [{ rechargeChannels: [{ ...TEST_CHANNEL, colour: 'red' }] }, 'rechargeChannels.0.colour'],
    [{ rechargeChannels: [{ ...TEST_CHANNEL, minAmount: '1.234' }] }, 'rechargeChannels.0.minAmount'],
    [{ rechargeChannels: [{ ...TEST_CHANNEL, maxAmount: '-5' }] }, 'rechargeChannels.0.maxAmount'],
    [{ rechargeChannels: [{ ...TEST_CHANNEL, minAmount: '0' }] }, 'rechargeChannels.0.minAmount'],
    [{ rechargeChannels: [{ ...TEST_CHANNEL, id: 'Bank Transfer' }] }, 'rechargeChannels.0.id'],
    [{ rechargeChannels: [{ ...TEST_CHANNEL, kind: 'cash' }] }, 'rechargeChannels.0.kind'],
    [{ rechargeChannels: TEST_CHANNEL }, 'rechargeChannels'],
    [{ withdrawal: { minAmount: 'ten', maxAmount: '100', feeRate: '0.01' } }, 'withdrawal.minAmount'],
  ])('refuses %j with 400 naming %s', async (body, field) => {
    const before = await auditTotal(server, token);
    const response = await saveMalformed(body);
    expectRefusal(response, 400, 'VALIDATION');
    expect(fieldsOf(response)).toEqual([field]);
    expect(await auditTotal(server, token)).toBe(before);
  });
});

describe('operator money calls without an operator', () => {
  it.each(OPERATOR_MONEY_CALLS.map((c) => [c.path]))('%s without a bearer token is 401 SESSION_REQUIRED', async (path) => {
    const response = await operatorCall(server, path, {});
    expectRefusal(response, 401, 'SESSION_REQUIRED');
    expect(response.body.mess).toBe('Please log in to continue.');
  });

  it.each(OPERATOR_MONEY_CALLS.map((c) => [c.path]))("%s with an unknown token or a user's token is 401 SESSION_INVALID", async (path) => {
    const user = await registerUser(server);
    for (const authorization of [`Bearer ${randomBytes(32).toString('base64url')}`, `Bearer ${user.token}`, 'Bearer short']) {
      expectRefusal(await post(server, path, {}, 'en', { authorization }), 401, 'SESSION_INVALID');
    }
  });

  it('keeps the ledger whole', async () => {
    const report = await verifyLedger(server, token);
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
  });
});
