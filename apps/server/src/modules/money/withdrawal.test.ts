import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CALLS,
  MESSAGE_CATALOGUES,
  OPERATOR_CALLS,
  type CallBody,
  type CallResult,
  type createWithdrawal,
  type saveSettings,
  type withdrawalList,
} from '@wallet/contract';
import { registerUser, startClockedServer, startWithOperator, type ClockedServer, type RegisteredUser } from '../../testing/accounts.js';
import { assetsOf, review, verifyLedger, allowLargeAdjustments } from '../../testing/money.js';
import { userWithBalance } from '../../testing/money-load.js';
import type { CallResponse } from '../../testing/test-server.js';
import { call, callAs, errorOf, expectRefusal, operatorCallAs } from '../../testing/typed-call.js';

let server: ClockedServer;
let token: string;
beforeAll(async () => {
  ({ server, token } = await startWithOperator(startClockedServer));
  await allowLargeAdjustments(server);
});
afterAll(async () => server.close());

const CARD = '6222 0000 1111 2222';
const CARD_DIGITS = '6222000011112222';
const MASKED = '************2222';
const FORM = { name: 'Li Wei', bankName: 'Bank of Testing', cardNo: CARD, address: '1 Test Road, Springfield' };
const SECOND = 1000;
const MINUTE = 60 * SECOND;

function expectFieldRefusal(response: CallResponse<unknown>, field: string, message: string) {
  expectRefusal(response, 400, 'VALIDATION');
  expect(errorOf(response).fields).toEqual({ [field]: message });
}

/** A new user whose balance an operator has set to `amount`. */
const richUser = (amount: string) => userWithBalance(server, token, amount);

type WithdrawalBody = CallBody<typeof createWithdrawal>;

function withdraw(user: RegisteredUser, fields: Pick<WithdrawalBody, 'amount'> & Partial<WithdrawalBody>) {
  return callAs(server, user, CALLS.createWithdrawal, { ...FORM, payPassword: user.payPassword, requestId: randomUUID(), ...fields });
}

/** `withdraw` with fields of types the contract forbids, to see them refused. */
function withdrawMalformed(user: RegisteredUser, fields: Record<string, unknown>) {
  return call(server, CALLS.createWithdrawal.path, { ...FORM, payPassword: user.payPassword, requestId: randomUUID(), ...fields }, { token: user.token, ip: user.ip });
}

async function withdrawn(user: RegisteredUser, amount: string, fields: Partial<WithdrawalBody> = {}) {
  const response = await withdraw(user, { amount, ...fields });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
}

async function infoOf(user: RegisteredUser) {
  const response = await callAs(server, user, CALLS.withdrawInfo, {});
  expect(response.status).toBe(200);
  return response.body.data;
}

function listOf(user: RegisteredUser, body: CallBody<typeof withdrawalList> = {}) {
  return callAs(server, user, CALLS.withdrawalList, body);
}

function detailOf(user: RegisteredUser, orderNo: string) {
  return callAs(server, user, CALLS.withdrawalDetail, { orderNo });
}

async function operatorView(orderNo: string) {
  const response = await operatorCallAs(server, token, OPERATOR_CALLS.withdrawals, { q: orderNo });
  expect(response.body.data.items).toHaveLength(1);
  return response.body.data.items[0]!;
}

async function saveWithdrawalSetting(withdrawal: CallBody<typeof saveSettings>['withdrawal']) {
  const response = await operatorCallAs(server, token, OPERATOR_CALLS.saveSettings, { withdrawal });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

describe('money/withdrawInfo', () => {
  it('gives the limits, the fee rate, the pending count and the balance, and no last card before a first withdrawal', async () => {
    const user = await registerUser(server);
    const response = await callAs(server, { token: user.token }, CALLS.withdrawInfo, {});
    expect(response.body).toEqual({
      code: 200,
      mess: 'Success',
      data: { minAmount: '10.00', maxAmount: '50000.00', feeRate: '0.01', pendingLimit: 3, pending: 0, balance: '0.00', last: null },
    });
  });

  it("gives the last withdrawal's name, bank, masked card and address for the form", async () => {
    const user = await richUser('500');
    await withdrawn(user, '20', { name: 'First Name', cardNo: '1111 2222 3333 4444' });
    server.clock.advance(SECOND);
    await withdrawn(user, '30');
    const info = await infoOf(user);
    expect(info).toEqual({
      minAmount: '10.00',
      maxAmount: '50000.00',
      feeRate: '0.01',
      pendingLimit: 3,
      pending: 2,
      balance: '450.00',
      last: { name: FORM.name, bankName: FORM.bankName, cardNoMasked: MASKED, address: FORM.address },
    });
  });
});

describe('money/withdraw', () => {
  it('freezes the amount at once and answers the fee and what arrives', async () => {
    const user = await richUser('1000');
    const response = await withdraw(user, { amount: '100.50' });
    expect(response.status).toBe(200);
    expect(response.body.mess).toBe('Withdrawal submitted. The amount is frozen until it is reviewed.');
    expect(response.body.data).toEqual({
      orderNo: expect.stringMatching(/^W\d{6}[0-9A-HJKMNP-TV-Z]{10}$/),
      amount: '100.50',
      fee: '1.01',
      arrival: '99.49',
      status: 'review',
      remark: '',
      name: FORM.name,
      bankName: FORM.bankName,
      cardNoMasked: MASKED,
      address: FORM.address,
      createdAt: server.clock.now(),
      reviewedAt: null,
    });
    const assets = await assetsOf(server, user);
    expect([assets.balance, assets.freeze, assets.totals['withdrawn']]).toEqual(['899.50', '100.50', '0.00']);
    expect((await infoOf(user)).pending).toBe(1);
  });

  it.each([
    ['10.00', '0.10', '9.90'],
    ['10.49', '0.10', '10.39'],
    ['10.50', '0.11', '10.39'],
    ['12.34', '0.12', '12.22'],
    ['99.99', '1.00', '98.99'],
    ['150.50', '1.51', '148.99'],
    ['50000', '500.00', '49500.00'],
  ])('takes a fee of one percent, rounded half up to the cent: %s → fee %s, arrival %s', async (amount, fee, arrival) => {
    const user = await richUser('50000');
    const record = await withdrawn(user, amount);
    expect([record.fee, record.arrival]).toEqual([fee, arrival]);
  });

  it.each([
    ['with spaces', '6222 0000 1111 2222', '************2222'],
    ['with dashes', '6222-0000-1111-3333', '************3333'],
    ['of 10 digits', '1234567890', '******7890'],
    ['of 30 digits', '123456789012345678901234567890', `${'*'.repeat(26)}7890`],
  ])('takes a card number %s and shows its last four digits only', async (_case, cardNo, masked) => {
    const user = await richUser('100');
    const record = await withdrawn(user, '10', { cardNo });
    expect(record.cardNoMasked).toBe(masked);
    expect((await operatorView(record.orderNo)).cardNo).toBe(cardNo.replace(/[ -]/g, ''));
  });

  it.each([
    ['of 9 digits', '123456789'],
    ['of 31 digits', '1234567890123456789012345678901'],
    ['with letters', '6222abcd11112222'],
    ['empty', ''],
    ['as a number', 6222000011112222],
  ])('refuses a card number %s with 400 naming cardNo and freezes nothing', async (_case, cardNo) => {
    const user = await richUser('100');
    const response = await withdrawMalformed(user, { amount: '10', cardNo });
    expectRefusal(response, 400, 'VALIDATION');
    expect(Object.keys(errorOf(response).fields ?? {})).toEqual(['cardNo']);
    if (typeof cardNo === 'string') expect(errorOf(response).fields?.['cardNo']).toBe('The card number is 10 to 30 digits.');
    expect((await assetsOf(server, user)).freeze).toBe('0.00');
  });

  it('shows only the last four digits of the card in widht_list, widht_detail and withdrawInfo', async () => {
    const user = await richUser('100');
    const answer = await withdraw(user, { amount: '10' });
    const { orderNo } = answer.body.data;
    const list = await listOf(user);
    const detail = await detailOf(user, orderNo);
    const info = await callAs(server, { token: user.token }, CALLS.withdrawInfo, {});
    expect(list.body.data.items.map((w) => w.cardNoMasked)).toEqual([MASKED]);
    expect(detail.body.data.cardNoMasked).toBe(MASKED);
    for (const response of [answer, list, detail, info]) {
      expect(response.status).toBe(200);
      expect(JSON.stringify(response.body)).not.toContain(CARD_DIGITS);
      expect(JSON.stringify(response.body)).not.toContain(CARD_DIGITS.slice(0, 12));
    }
    expect((await operatorView(orderNo)).cardNo).toBe(CARD_DIGITS);
  });

  it('pays to the card of the last withdrawal with useLastCard and no cardNo', async () => {
    const user = await richUser('200');
    await withdrawn(user, '10', { cardNo: '9999 8888 7777 6666' });
    server.clock.advance(SECOND);
    await withdrawn(user, '10', { cardNo: '1234 5678 9012 3456' });
    server.clock.advance(SECOND);
    const { cardNo: _cardNo, ...withoutCard } = FORM;
    const response = await callAs(server, { token: user.token }, CALLS.createWithdrawal, {
      ...withoutCard,
      useLastCard: true,
      amount: '10',
      payPassword: user.payPassword,
      requestId: randomUUID(),
    });
    expect(response.status).toBe(200);
    expect(response.body.data.cardNoMasked).toBe('************3456');
    const seen = await operatorView(response.body.data.orderNo);
    expect(seen.cardNo).toBe('1234567890123456');
    expect(seen.cardNoMasked).toBe('************3456');
  });

  it('answers useLastCard before any withdrawal, or no card at all, with 400 naming cardNo', async () => {
    const user = await richUser('100');
    const { cardNo: _cardNo, ...withoutCard } = FORM;
    const noLast = await callAs(server, { token: user.token }, CALLS.createWithdrawal, { ...withoutCard, useLastCard: true, amount: '10', payPassword: user.payPassword, requestId: randomUUID() });
    expectFieldRefusal(noLast, 'cardNo', 'There is no earlier withdrawal card. Please enter the card number.');
    const noCard = await callAs(server, { token: user.token }, CALLS.createWithdrawal, { ...withoutCard, amount: '10', payPassword: user.payPassword, requestId: randomUUID() });
    expectFieldRefusal(noCard, 'cardNo', 'This field is required.');
    const notLast = await callAs(server, { token: user.token }, CALLS.createWithdrawal, { ...withoutCard, useLastCard: false, amount: '10', payPassword: user.payPassword, requestId: randomUUID() });
    expectFieldRefusal(notLast, 'cardNo', 'This field is required.');
    expect((await assetsOf(server, user)).freeze).toBe('0.00');
  });

  it.each([
    ['below the minimum', '9.99'],
    ['above the maximum', '50000.01'],
    ['one cent', '0.01'],
  ])('refuses an amount %s with 400 naming the limits', async (_case, amount) => {
    const user = await richUser('60000');
    expectFieldRefusal(await withdraw(user, { amount }), 'amount', 'Enter an amount from 10.00 to 50000.00.');
    expect((await assetsOf(server, user)).freeze).toBe('0.00');
  });

  it('refuses more than the balance with 422 INSUFFICIENT_BALANCE and counts nothing as pending', async () => {
    const user = await richUser('50');
    const response = await withdraw(user, { amount: '50.01' });
    expectRefusal(response, 422, 'INSUFFICIENT_BALANCE');
    expect(response.body.mess).toBe('Your balance is not enough.');
    const info = await infoOf(user);
    expect([info.pending, info.balance, info.last]).toEqual([0, '50.00', null]);
    expect((await listOf(user)).body.data.total).toBe(0);
    expect((await withdrawn(user, '50')).amount).toBe('50.00');
    expect((await assetsOf(server, user)).balance).toBe('0.00');
  });

  it('is done once for a retry with the same requestId and fields; other fields with it are 409', async () => {
    const user = await richUser('100');
    const requestId = randomUUID();
    const first = await withdraw(user, { amount: '40', requestId });
    expect(first.status).toBe(200);
    const retry = await withdraw(user, { amount: '40', requestId });
    expect(retry.body.data).toEqual(first.body.data);
    // The payment password is no part of the request: a retry gets the first answer whatever is typed, and counts no failure.
    const retryWrongPassword = await withdraw(user, { amount: '40', requestId, payPassword: '000000' });
    expect(retryWrongPassword.status).toBe(200);
    expect(retryWrongPassword.body.data).toEqual(first.body.data);
    const wrong = await withdraw(user, { amount: '10', payPassword: '000000' });
    expect(errorOf(wrong).attemptsLeft).toBe(4);
    const conflicting = await withdraw(user, { amount: '41', requestId });
    expectRefusal(conflicting, 409, 'REQUEST_CONFLICT');
    const assets = await assetsOf(server, user);
    expect([assets.balance, assets.freeze]).toEqual(['60.00', '40.00']);
    expect((await listOf(user)).body.data.total).toBe(1);
  });

  it('allows at most three withdrawals under review', async () => {
    const user = await richUser('100');
    const first = await withdrawn(user, '10');
    await withdrawn(user, '10');
    await withdrawn(user, '10');
    const fourth = await withdraw(user, { amount: '10' });
    expectRefusal(fourth, 422, 'WITHDRAWAL_PENDING_LIMIT');
    expect(fourth.body.mess).toBe('You already have 3 withdrawals under review. Please wait until one is reviewed.');
    const assets = await assetsOf(server, user);
    expect([assets.balance, assets.freeze]).toEqual(['70.00', '30.00']);
    expect((await infoOf(user)).pending).toBe(3);
    expect((await listOf(user)).body.data.total).toBe(3);

    expect((await review(server, token, 'withdrawals', first.orderNo, true)).status).toBe(200);
    expect((await infoOf(user)).pending).toBe(2);
    expect((await withdraw(user, { amount: '10' })).status).toBe(200);
    expectRefusal(await withdraw(user, { amount: '10' }), 422, 'WITHDRAWAL_PENDING_LIMIT');
  });
});

describe('the payment password', () => {
  it('allows five wrong ones: four tell the attempts left, the fifth locks withdrawals for 30 minutes', async () => {
    const user = await richUser('100');
    const wrong: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const response = await withdraw(user, { amount: '10', payPassword: '000000' });
      expectRefusal(response, 422, 'PAY_PASSWORD_WRONG');
      expect(response.body.mess).toBe('The payment password is wrong.');
      wrong.push(String(errorOf(response).attemptsLeft));
    }
    expect(wrong).toEqual(['4', '3', '2', '1']);

    const fifth = await withdraw(user, { amount: '10', payPassword: '000000' });
    expectRefusal(fifth, 429, 'PAY_PASSWORD_LOCKED');
    expect(fifth.body.mess).toBe('Too many wrong payment passwords. Withdrawals are locked for 30 minutes; you can also reset the payment password.');
    expect(errorOf(fifth).retryAfterSeconds).toBe(1800);
    expect(fifth.headers.get('retry-after')).toBe('1800');

    const right = await withdraw(user, { amount: '10' });
    expectRefusal(right, 429, 'PAY_PASSWORD_LOCKED');
    expect(errorOf(right).retryAfterSeconds).toBe(1800);

    server.clock.advance(10 * MINUTE);
    const later = await withdraw(user, { amount: '10' });
    expectRefusal(later, 429, 'PAY_PASSWORD_LOCKED');
    expect(errorOf(later).retryAfterSeconds).toBe(1200);
    expect(later.headers.get('retry-after')).toBe('1200');

    server.clock.advance(20 * MINUTE - SECOND);
    const lastSecond = await withdraw(user, { amount: '10' });
    expectRefusal(lastSecond, 429, 'PAY_PASSWORD_LOCKED');
    expect(errorOf(lastSecond).retryAfterSeconds).toBe(1);

    const assets = await assetsOf(server, user);
    expect([assets.balance, assets.freeze]).toEqual(['100.00', '0.00']);
    expect((await listOf(user)).body.data.total).toBe(0);

    server.clock.advance(SECOND);
    const unlocked = await withdraw(user, { amount: '10' });
    expect(unlocked.status).toBe(200);
    // The count starts again from five.
    const again = await withdraw(user, { amount: '10', payPassword: '000000' });
    expect(errorOf(again).attemptsLeft).toBe(4);
  });

  it("tells a wrong one in the caller's language", async () => {
    const user = await richUser('100');
    const arabic = await MESSAGE_CATALOGUES.ar();
    const response = await callAs(server, { token: user.token }, CALLS.createWithdrawal, { ...FORM, amount: '10', payPassword: '000000', requestId: randomUUID() }, { lang: 'ar' });
    expectRefusal(response, 422, 'PAY_PASSWORD_WRONG');
    expect(response.body.mess).toBe(arabic.reason.PAY_PASSWORD_WRONG);
    expect(response.body.mess).not.toBe('The payment password is wrong.');
  });

  it('starts the count again after a right one', async () => {
    const user = await richUser('100');
    for (const left of [4, 3]) {
      const response = await withdraw(user, { amount: '10', payPassword: '999999' });
      expect(errorOf(response).attemptsLeft).toBe(left);
    }
    expect((await withdraw(user, { amount: '10' })).status).toBe(200);
    const next = await withdraw(user, { amount: '10', payPassword: '999999' });
    expectRefusal(next, 422, 'PAY_PASSWORD_WRONG');
    expect(errorOf(next).attemptsLeft).toBe(4);
  });

  it('does not count a malformed one: 400 naming payPassword', async () => {
    const user = await richUser('100');
    for (const payPassword of ['12345', '1234567', 'abcdef', 123456]) {
      const response = await withdrawMalformed(user, { amount: '10', payPassword });
      expectRefusal(response, 400, 'VALIDATION');
      expect(Object.keys(errorOf(response).fields ?? {})).toEqual(['payPassword']);
    }
    const wrong = await withdraw(user, { amount: '10', payPassword: '000000' });
    expect(errorOf(wrong).attemptsLeft).toBe(4);
  });

  it('checks at most five wrong ones however many arrive at once: 30 different guesses in parallel', async () => {
    const user = await richUser('100');
    const guesses = Array.from({ length: 30 }, (_, i) => String(100_000 + i));
    const answers = await Promise.all(guesses.map((payPassword) => withdraw(user, { amount: '10', payPassword })));

    const wrong = answers.filter((a) => a.status === 422);
    for (const answer of wrong) expectRefusal(answer, 422, 'PAY_PASSWORD_WRONG');
    // Four were told what is left, the fifth locked; the other 25 were never checked.
    expect(wrong.map((a) => errorOf(a).attemptsLeft).sort()).toEqual([1, 2, 3, 4]);
    const locked = answers.filter((a) => a.status === 429);
    expect(locked).toHaveLength(26);
    for (const answer of locked) expectRefusal(answer, 429, 'PAY_PASSWORD_LOCKED');

    expectRefusal(await withdraw(user, { amount: '10' }), 429, 'PAY_PASSWORD_LOCKED');
    expect((await assetsOf(server, user)).freeze).toBe('0.00');
  });

  it('lets parallel withdrawals with the right one through: none is refused for the password', async () => {
    const user = await richUser('1000');
    const answers = await Promise.all(Array.from({ length: 30 }, () => withdraw(user, { amount: '10' })));
    const reasons = answers.map((a) => (a.status === 200 ? 'OK' : errorOf(a).reason));
    expect(reasons.filter((r) => r === 'OK')).toHaveLength(3);
    expect(reasons.filter((r) => r !== 'OK').every((r) => r === 'WITHDRAWAL_PENDING_LIMIT')).toBe(true);
    const next = await withdraw(user, { amount: '10', payPassword: '000000' });
    expect(errorOf(next).attemptsLeft).toBe(4);
  });

  it('is unlocked by setting a new payment password', async () => {
    const user = await richUser('100');
    for (let i = 0; i < 5; i += 1) await withdraw(user, { amount: '10', payPassword: '000000' });
    expectRefusal(await withdraw(user, { amount: '10' }), 429, 'PAY_PASSWORD_LOCKED');

    const changed = await callAs(server, { token: user.token }, CALLS.changePayPassword, { password: user.password, newPayPassword: '654321' });
    expect(changed.status).toBe(200);

    const old = await withdraw(user, { amount: '10' });
    expectRefusal(old, 422, 'PAY_PASSWORD_WRONG');
    expect(errorOf(old).attemptsLeft).toBe(4);
    const fresh = await withdraw(user, { amount: '10', payPassword: '654321' });
    expect(fresh.status).toBe(200);
  });
});

describe('review of a withdrawal', () => {
  it('completing it pays the frozen amount out: freeze down, withdrawn total up, balance as it was', async () => {
    const user = await richUser('300');
    const record = await withdrawn(user, '120');
    server.clock.advance(MINUTE);
    const reviewedAt = server.clock.now();
    const approved = await review(server, token, 'withdrawals', record.orderNo, true, 'Paid');
    expect(approved.status).toBe(200);
    expect(approved.body.mess).toBe('Reviewed');

    const assets = await assetsOf(server, user);
    expect([assets.balance, assets.freeze, assets.totals['withdrawn']]).toEqual(['180.00', '0.00', '120.00']);
    expect((await detailOf(user, record.orderNo)).body.data).toEqual({ ...record, status: 'completed', remark: 'Paid', reviewedAt });
    expect((await infoOf(user)).pending).toBe(0);
  });

  it('refusing it gives the amount back and shows the remark', async () => {
    const user = await richUser('300');
    const record = await withdrawn(user, '120');
    server.clock.advance(MINUTE);
    const reviewedAt = server.clock.now();
    const refused = await review(server, token, 'withdrawals', record.orderNo, false, 'The card number does not match the name');
    expect(refused.status).toBe(200);

    const assets = await assetsOf(server, user);
    expect([assets.balance, assets.freeze, assets.totals['withdrawn']]).toEqual(['300.00', '0.00', '0.00']);
    const expected = { ...record, status: 'refused', remark: 'The card number does not match the name', reviewedAt };
    expect((await detailOf(user, record.orderNo)).body.data).toEqual(expected);
    expect((await listOf(user, { status: 'refused' })).body.data.items).toEqual([expected]);
    expect((await listOf(user, { status: 'completed' })).body.data.total).toBe(0);
  });

  it('refusing needs a remark: 400 naming remark, and the withdrawal stays under review', async () => {
    const user = await richUser('100');
    const record = await withdrawn(user, '10');
    for (const body of [{ orderNo: record.orderNo, approve: false }, { orderNo: record.orderNo, approve: false, remark: '   ' }]) {
      const response = await operatorCallAs(server, token, OPERATOR_CALLS.reviewWithdrawal, body);
      expectFieldRefusal(response, 'remark', 'Please give the reason for refusing; the user will see it.');
    }
    expect((await detailOf(user, record.orderNo)).body.data.status).toBe('review');
    expect((await assetsOf(server, user)).freeze).toBe('10.00');
  });
});

describe('widht_list and widht_detail', () => {
  it('pages the user\'s withdrawals newest first, filters them by status, and shows each to its owner only', async () => {
    const user = await richUser('100');
    const other = await richUser('100');
    await withdrawn(other, '10');
    const records: CallResult<typeof createWithdrawal>[] = [];
    for (const amount of ['11', '12', '13']) {
      records.push(await withdrawn(user, amount));
      server.clock.advance(SECOND);
    }
    expect((await review(server, token, 'withdrawals', records[0]!.orderNo, true)).status).toBe(200);
    records.push(await withdrawn(user, '14'));

    const all = await listOf(user);
    expect(all.body.data.total).toBe(4);
    expect(all.body.data.items.map((w) => w.amount)).toEqual(['14.00', '13.00', '12.00', '11.00']);
    const pages = await Promise.all([1, 2, 3].map((page) => listOf(user, { page, pageSize: 3 })));
    expect(pages.map((p) => [p.body.data.total, p.body.data.items.length])).toEqual([
      [4, 3],
      [4, 1],
      [4, 0],
    ]);
    expect(pages.flatMap((p) => p.body.data.items)).toEqual(all.body.data.items);
    expect((await listOf(user, { status: 'review' })).body.data.items.map((w) => w.amount)).toEqual(['14.00', '13.00', '12.00']);
    expect((await listOf(user, { status: 'completed' })).body.data.items.map((w) => w.amount)).toEqual(['11.00']);

    expect((await detailOf(user, records[1]!.orderNo)).body.data).toEqual(records[1]);
    expectRefusal(await detailOf(other, records[1]!.orderNo), 404, 'NOT_FOUND');
    expectRefusal(await detailOf(user, 'W000000AAAAAAAAAA'), 404, 'NOT_FOUND');
  });
});

describe('withdrawal settings', () => {
  afterAll(async () => saveWithdrawalSetting({ minAmount: '10', maxAmount: '50000', feeRate: '0.01' }));

  it("holds the operator's limits and fee rate", async () => {
    await saveWithdrawalSetting({ minAmount: '20', maxAmount: '100', feeRate: '0.015' });
    const user = await richUser('500');
    const info = await infoOf(user);
    expect([info.minAmount, info.maxAmount, info.feeRate]).toEqual(['20.00', '100.00', '0.015']);
    expectFieldRefusal(await withdraw(user, { amount: '19.99' }), 'amount', 'Enter an amount from 20.00 to 100.00.');
    expectFieldRefusal(await withdraw(user, { amount: '100.01' }), 'amount', 'Enter an amount from 20.00 to 100.00.');
    const record = await withdrawn(user, '33.33');
    expect([record.fee, record.arrival]).toEqual(['0.50', '32.83']);
  });

  it('takes no fee at a rate of 0', async () => {
    await saveWithdrawalSetting({ minAmount: '10', maxAmount: '100', feeRate: '0' });
    const user = await richUser('100');
    const record = await withdrawn(user, '55.55');
    expect([record.fee, record.arrival]).toEqual(['0.00', '55.55']);
  });

  it('never lets the fee take the whole amount: at a rate of 0.5 the smallest withdrawal is 0.02', async () => {
    await saveWithdrawalSetting({ minAmount: '0.01', maxAmount: '100', feeRate: '0.5' });
    const user = await richUser('100');
    const info = await infoOf(user);
    expect([info.minAmount, info.maxAmount, info.feeRate]).toEqual(['0.02', '100.00', '0.5']);
    expectFieldRefusal(await withdraw(user, { amount: '0.01' }), 'amount', 'Enter an amount from 0.02 to 100.00.');
    const smallest = await withdrawn(user, '0.02');
    expect([smallest.fee, smallest.arrival]).toEqual(['0.01', '0.01']);
    const half = await withdrawn(user, '0.03');
    expect([half.fee, half.arrival]).toEqual(['0.02', '0.01']);
    expect((await assetsOf(server, user)).freeze).toBe('0.05');
  });

  it('keeps the ledger whole', async () => {
    const report = await verifyLedger(server, token);
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
  });
});
