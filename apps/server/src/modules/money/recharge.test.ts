import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CALLS,
  MESSAGE_CATALOGUES,
  OPERATOR_CALLS,
  fillTemplate,
  uploadReferenceOf,
  type CallBody,
  type CallResult,
  type createRecharge,
  type rechargeList,
} from '@wallet/contract';
import { registerUser, startClockedServer, type ClockedServer, type RegisteredUser } from '../../testing/accounts.js';
import { FIRST_CHANNEL_ID, TEST_CHANNEL, assetsOf, review, verifyLedger, startWithOpenChannel } from '../../testing/money.js';
import { centsOf } from '../../testing/money-load.js';
import type { CallResponse } from '../../testing/test-server.js';
import { call, callAs, errorOf, expectRefusal, operatorCallAs } from '../../testing/typed-call.js';
import { TINY_IMAGES, uploadImage } from '../../testing/uploads.js';

let server: ClockedServer;
let token: string;
beforeAll(async () => {
  ({ server, token } = await startWithOpenChannel(startClockedServer));
});
afterAll(async () => server.close());

/** The first-start channel, opened by the operator, as the app lists it: without the console's switch. */
const { enabled: _enabled, ...FIRST_CHANNEL } = TEST_CHANNEL;

/** A channel without the random tenth, and one switched off, as an operator sets them. */
const CRYPTO_CHANNEL = {
  id: 'usdt-trc20',
  name: 'USDT (TRC20)',
  kind: 'crypto' as const,
  details: [{ label: 'Address', value: 'TXyz0123456789abcdefABCDEF012345' }],
  minAmount: '20.00',
  maxAmount: '1000.00',
  randomDecimal: false,
  enabled: true,
};
const CLOSED_CHANNEL = {
  id: 'old-link',
  name: 'Old payment link',
  kind: 'link' as const,
  details: [{ label: 'Link', value: 'https://pay.example.com/old' }],
  minAmount: '10.00',
  maxAmount: '100.00',
  randomDecimal: false,
  enabled: false,
};

const SECOND = 1000;

/** A 400 naming exactly `field` with `message`. */
function expectFieldRefusal(response: CallResponse<unknown>, field: string, message: string) {
  expectRefusal(response, 400, 'VALIDATION');
  expect(response.body.mess).toBe('Some of the information is missing or not valid. Please check it and try again.');
  expect(errorOf(response).fields).toEqual({ [field]: message });
}

type RechargeBody = CallBody<typeof createRecharge>;

function recharge(user: RegisteredUser, fields: Pick<RechargeBody, 'amount'> & Partial<RechargeBody>, lang?: string) {
  return callAs(server, user, CALLS.createRecharge, { channelId: FIRST_CHANNEL_ID, requestId: randomUUID(), ...fields }, lang ? { lang } : {});
}

/** `recharge` with fields the contract forbids, to see them refused. */
function rechargeMalformed(user: RegisteredUser, fields: Record<string, unknown>) {
  return call(server, CALLS.createRecharge.path, { channelId: FIRST_CHANNEL_ID, requestId: randomUUID(), ...fields }, { token: user.token, ip: user.ip });
}

function listOf(user: RegisteredUser, body: CallBody<typeof rechargeList> = {}) {
  return callAs(server, user, CALLS.rechargeList, body);
}

function detailOf(user: RegisteredUser, orderNo: string) {
  return callAs(server, user, CALLS.rechargeDetail, { orderNo });
}

async function upload(user: RegisteredUser): Promise<string> {
  const response = await uploadImage(server, { token: user.token, file: TINY_IMAGES.png, sign: { times: server.clock.now() } });
  expect(response.status).toBe(200);
  return response.body.data.url;
}

async function created(user: RegisteredUser, amount: string, fields: Partial<RechargeBody> = {}) {
  const response = await recharge(user, { amount, ...fields });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
}

describe('money/channels', () => {
  it('lists the first-start channel once the operator has entered its payment details and opened it', async () => {
    const user = await registerUser(server);
    const response = await callAs(server, { token: user.token }, CALLS.rechargeChannels, {});
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ code: 200, mess: 'Success', data: [FIRST_CHANNEL] });
  });
});

describe('money/recharge on a channel with the random tenth', () => {
  it('asks to pay the amount plus 0.10 … 0.90 and leaves the recharge under review', async () => {
    const user = await registerUser(server);
    const response = await recharge(user, { amount: '100' });
    expect(response.status).toBe(200);
    expect(response.body.code).toBe(200);
    expect(response.body.mess).toBe('Recharge submitted. It will be credited after review.');
    const record = response.body.data;
    expect(record).toEqual({
      orderNo: expect.stringMatching(/^R\d{6}[0-9A-HJKMNP-TV-Z]{10}$/),
      amount: '100.00',
      payAmount: expect.stringMatching(/^100\.[1-9]0$/),
      status: 'review',
      remark: '',
      channel: { id: FIRST_CHANNEL.id, name: FIRST_CHANNEL.name, kind: FIRST_CHANNEL.kind, details: FIRST_CHANNEL.details },
      randomDecimal: true,
      voucher: null,
      createdAt: server.clock.now(),
      reviewedAt: null,
    });
    const extra = centsOf(record.payAmount) - centsOf(record.amount);
    expect(extra).toBeGreaterThanOrEqual(10);
    expect(extra).toBeLessThanOrEqual(90);

    // Nothing is credited while it waits.
    expect((await assetsOf(server, user)).balance).toBe('0.00');
  });

  it('reads amounts as decimal strings or JSON numbers', async () => {
    const user = await registerUser(server);
    expect((await created(user, '10.5')).amount).toBe('10.50');
    expect((await created(user, 20.25 as unknown as string)).amount).toBe('20.25');
    expect((await created(user, '50000.00')).amount).toBe('50000.00');
  });

  it('gives nine waiting recharges of one amount nine different amounts to pay, refuses a tenth, and frees an amount once one is reviewed', async () => {
    const users = await Promise.all([1, 2, 3].map(() => registerUser(server)));
    const amount = '777.00';
    const payAmounts: string[] = [];
    const orders: CallResult<typeof createRecharge>[] = [];
    for (let i = 0; i < 9; i += 1) {
      const record = await created(users[i % 3]!, amount);
      payAmounts.push(record.payAmount);
      orders.push(record);
    }
    expect([...payAmounts].sort()).toEqual(['777.10', '777.20', '777.30', '777.40', '777.50', '777.60', '777.70', '777.80', '777.90']);

    const tenth = await recharge(users[0]!, { amount });
    expectRefusal(tenth, 422, 'RECHARGE_AMOUNT_BUSY');
    expect(tenth.body.mess).toBe('Too many recharges of this amount are waiting on this channel. Please choose another amount.');
    expect((await listOf(users[0]!)).body.data.total).toBe(3);

    // Another amount is not touched by the busy one.
    expect((await recharge(users[0]!, { amount: '778.00' })).status).toBe(200);

    // Refusing one frees exactly its amount to pay.
    const refused = orders[4]!;
    expect((await review(server, token, 'recharges', refused.orderNo, false, 'No payment arrived')).status).toBe(200);
    const again = await created(users[1]!, amount);
    expect(again.payAmount).toBe(refused.payAmount);
    expectRefusal(await recharge(users[2]!, { amount }), 422, 'RECHARGE_AMOUNT_BUSY');

    // So does completing one.
    const approved = orders[7]!;
    expect((await review(server, token, 'recharges', approved.orderNo, true)).status).toBe(200);
    const onceMore = await created(users[2]!, amount);
    expect(onceMore.payAmount).toBe(approved.payAmount);
  });

  it('is done once for a retry with the same requestId and fields; other fields with it are 409', async () => {
    const user = await registerUser(server);
    const requestId = randomUUID();
    const first = await recharge(user, { amount: '123.00', requestId });
    expect(first.status).toBe(200);
    server.clock.advance(SECOND);
    const retry = await recharge(user, { amount: '123.00', requestId });
    expect(retry.status).toBe(200);
    expect(retry.body.data).toEqual(first.body.data);
    expect((await listOf(user)).body.data.total).toBe(1);

    const different = await recharge(user, { amount: '124.00', requestId });
    expectRefusal(different, 409, 'REQUEST_CONFLICT');
    expect((await listOf(user)).body.data.total).toBe(1);
  });
});

describe('recharge amounts', () => {
  it.each([
    ['just below the minimum', '9.99'],
    ['one cent', '0.01'],
    ['just above the maximum', '50000.01'],
    ['far above the maximum', '99999999'],
  ])('%s (%s) is 400 naming the channel limits', async (_case, amount) => {
    const user = await registerUser(server);
    expectFieldRefusal(await recharge(user, { amount }), 'amount', 'Enter an amount from 10.00 to 50000.00.');
    expect((await listOf(user)).body.data.total).toBe(0);
  });

  it('names the limits in the caller\'s language', async () => {
    const user = await registerUser(server);
    const response = await recharge(user, { amount: '5' }, 'zh-CN');
    const chinese = await MESSAGE_CATALOGUES['zh-CN']();
    expectRefusal(response, 400, 'VALIDATION');
    expect(response.body.mess).toBe(chinese.reason.VALIDATION);
    expect(response.body.mess).not.toBe('Some of the information is missing or not valid. Please check it and try again.');
    expect(errorOf(response).fields).toEqual({ amount: fillTemplate(chinese.field.AMOUNT_RANGE, { min: '10.00', max: '50000.00' }) });
    expect(chinese.field.AMOUNT_RANGE).not.toBe('Enter an amount from {min} to {max}.');

    const accepted = await recharge(user, { amount: '10' }, 'zh-CN');
    expect(accepted.status).toBe(200);
    expect(accepted.body.mess).toBe(chinese.success.RECHARGE_CREATED);
    expect(accepted.body.mess).not.toBe('Recharge submitted. It will be credited after review.');
  });

  it.each([
    ['three decimals', '1.234', 'An amount can have at most two decimals.'],
    ['a negative amount', '-5', 'The amount cannot be negative.'],
    ['letters', 'abc', 'Enter an amount such as 12.50.'],
    ['an exponent', '1e3', 'Enter an amount such as 12.50.'],
    ['spaces around it', ' 12.00', 'Enter an amount such as 12.50.'],
    ['a comma', '12,50', 'Enter an amount such as 12.50.'],
    ['null', null, 'Enter an amount such as 12.50.'],
    ['zero', 0, 'Enter an amount above zero.'],
    ['zero as text', '0.00', 'Enter an amount above zero.'],
    ['no amount', undefined, 'This field is required.'],
  ])('%s is 400 naming amount', async (_case, amount, message) => {
    const user = await registerUser(server);
    const fields = amount === undefined ? {} : { amount };
    expectFieldRefusal(await rechargeMalformed(user, fields), 'amount', message);
  });
});

describe('channels set by the operator', () => {
  beforeAll(async () => {
    const current = await operatorCallAs(server, token, OPERATOR_CALLS.settings, {});
    expect(current.status).toBe(200);
    const saved = await operatorCallAs(server, token, OPERATOR_CALLS.saveSettings, {
      rechargeChannels: [...current.body.data.rechargeChannels, CRYPTO_CHANNEL, CLOSED_CHANNEL],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });

  it('lists the open ones only', async () => {
    const user = await registerUser(server);
    const response = await callAs(server, { token: user.token }, CALLS.rechargeChannels, {});
    const { enabled: _enabled, ...crypto } = CRYPTO_CHANNEL;
    expect(response.body.data).toEqual([FIRST_CHANNEL, crypto]);
  });

  it('asks to pay exactly the amount on a channel without the random tenth, however many wait', async () => {
    const user = await registerUser(server);
    const first = await created(user, '55.5', { channelId: CRYPTO_CHANNEL.id });
    expect(first).toMatchObject({
      amount: '55.50',
      payAmount: '55.50',
      status: 'review',
      randomDecimal: false,
      channel: { id: CRYPTO_CHANNEL.id, name: CRYPTO_CHANNEL.name, kind: 'crypto', details: CRYPTO_CHANNEL.details },
    });
    for (let i = 0; i < 10; i += 1) expect((await created(user, '55.5', { channelId: CRYPTO_CHANNEL.id })).payAmount).toBe('55.50');
  });

  it("holds the channel's own limits", async () => {
    const user = await registerUser(server);
    for (const amount of ['19.99', '1000.01']) {
      expectFieldRefusal(await recharge(user, { channelId: CRYPTO_CHANNEL.id, amount }), 'amount', 'Enter an amount from 20.00 to 1000.00.');
    }
    expect((await created(user, '20', { channelId: CRYPTO_CHANNEL.id })).amount).toBe('20.00');
    expect((await created(user, '1000', { channelId: CRYPTO_CHANNEL.id })).amount).toBe('1000.00');
  });

  it.each([
    ['an unknown channel', 'no-such-channel'],
    ['a switched-off channel', CLOSED_CHANNEL.id],
    ['a channel id in other case', 'BANK-TRANSFER'],
  ])('%s is 400 naming channelId', async (_case, channelId) => {
    const user = await registerUser(server);
    expectFieldRefusal(await recharge(user, { channelId, amount: '50' }), 'channelId', 'This payment channel is not available. Please choose another.');
    expect((await listOf(user)).body.data.total).toBe(0);
  });

  it('needs a channel', async () => {
    const user = await registerUser(server);
    const response = await call(server, CALLS.createRecharge.path, { amount: '50', requestId: randomUUID() }, { token: user.token });
    expectFieldRefusal(response, 'channelId', 'This field is required.');
  });
});

describe('vouchers', () => {
  it("takes the user's own upload with the recharge", async () => {
    const user = await registerUser(server);
    const url = await upload(user);
    const record = await created(user, '60', { voucher: url });
    // Each answer signs its own link to the upload (PRODUCT §13).
    expect(uploadReferenceOf(record.voucher!)).toBe(uploadReferenceOf(url));
    expect(uploadReferenceOf((await detailOf(user, record.orderNo)).body.data.voucher!)).toBe(uploadReferenceOf(url));
  });

  it("refuses someone else's upload or an address never uploaded, and records nothing", async () => {
    const user = await registerUser(server);
    const other = await registerUser(server);
    const othersUrl = await upload(other);
    for (const voucher of [othersUrl, '/uploads/never-uploaded.png', 'https://example.com/receipt.png']) {
      expectFieldRefusal(await recharge(user, { amount: '60', voucher }), 'voucher', 'Please upload the picture first.');
    }
    expect((await listOf(user)).body.data.total).toBe(0);
  });

  it('money/recharge_voucher adds or replaces the voucher while the recharge is under review, and not after', async () => {
    const user = await registerUser(server);
    const other = await registerUser(server);
    const record = await created(user, '61');
    const first = await upload(user);
    const attached = await callAs(server, { token: user.token }, CALLS.attachRechargeVoucher, { orderNo: record.orderNo, voucher: first });
    expect(attached.status).toBe(200);
    expect(attached.body.mess).toBe('Saved');
    expect({ ...attached.body.data, voucher: uploadReferenceOf(attached.body.data.voucher!) }).toEqual({ ...record, voucher: uploadReferenceOf(first) });

    const second = await upload(user);
    const replaced = await callAs(server, { token: user.token }, CALLS.attachRechargeVoucher, { orderNo: record.orderNo, voucher: second });
    const voucherOf = async () => uploadReferenceOf((await detailOf(user, record.orderNo)).body.data.voucher!);
    expect(uploadReferenceOf(replaced.body.data.voucher!)).toBe(uploadReferenceOf(second));
    expect(await voucherOf()).toBe(uploadReferenceOf(second));

    const othersUpload = await upload(other);
    const foreignVoucher = await callAs(server, { token: user.token }, CALLS.attachRechargeVoucher, { orderNo: record.orderNo, voucher: othersUpload });
    expectFieldRefusal(foreignVoucher, 'voucher', 'Please upload the picture first.');
    const foreignOrder = await callAs(server, { token: other.token }, CALLS.attachRechargeVoucher, { orderNo: record.orderNo, voucher: othersUpload });
    expectRefusal(foreignOrder, 404, 'NOT_FOUND');
    const unknownOrder = await callAs(server, { token: user.token }, CALLS.attachRechargeVoucher, { orderNo: 'R000000AAAAAAAAAA', voucher: second });
    expectRefusal(unknownOrder, 404, 'NOT_FOUND');
    expect(await voucherOf()).toBe(uploadReferenceOf(second));

    expect((await review(server, token, 'recharges', record.orderNo, true)).status).toBe(200);
    const late = await callAs(server, { token: user.token }, CALLS.attachRechargeVoucher, { orderNo: record.orderNo, voucher: first });
    expectRefusal(late, 409, 'ALREADY_REVIEWED');
    expect(late.body.mess).toBe('This record has already been reviewed.');
    expect(await voucherOf()).toBe(uploadReferenceOf(second));
  });
});

describe('recharge_list and recharge_detail', () => {
  it('pages the user\'s recharges newest first and filters them by status', async () => {
    const user = await registerUser(server);
    const other = await registerUser(server);
    await created(other, '31');
    const records: CallResult<typeof createRecharge>[] = [];
    for (const amount of ['11', '12', '13', '14', '15']) {
      records.push(await created(user, amount));
      server.clock.advance(SECOND);
    }
    expect((await review(server, token, 'recharges', records[0]!.orderNo, true)).status).toBe(200);
    expect((await review(server, token, 'recharges', records[1]!.orderNo, false, 'The payment did not arrive')).status).toBe(200);

    const all = await listOf(user);
    expect(all.status).toBe(200);
    expect(all.body.mess).toBe('Success');
    expect(all.body.data.total).toBe(5);
    expect([all.body.data.page, all.body.data.pageSize]).toEqual([1, 20]);
    expect(all.body.data.items.map((r) => r.amount)).toEqual(['15.00', '14.00', '13.00', '12.00', '11.00']);
    expect(all.body.data.items.map((r) => r.status)).toEqual(['review', 'review', 'review', 'refused', 'completed']);

    const pages = await Promise.all([1, 2, 3, 4].map((page) => listOf(user, { page, pageSize: 2 })));
    expect(pages.map((p) => [p.body.data.page, p.body.data.pageSize, p.body.data.total, p.body.data.items.length])).toEqual([
      [1, 2, 5, 2],
      [2, 2, 5, 2],
      [3, 2, 5, 1],
      [4, 2, 5, 0],
    ]);
    expect(pages.flatMap((p) => p.body.data.items)).toEqual(all.body.data.items);

    const waiting = await listOf(user, { status: 'review' });
    expect(waiting.body.data.total).toBe(3);
    expect(waiting.body.data.items.map((r) => r.orderNo)).toEqual([records[4]!.orderNo, records[3]!.orderNo, records[2]!.orderNo]);
    const completed = await listOf(user, { status: 'completed' });
    expect(completed.body.data.items.map((r) => r.orderNo)).toEqual([records[0]!.orderNo]);
    const refused = await listOf(user, { status: 'refused' });
    expect(refused.body.data.items.map((r) => r.orderNo)).toEqual([records[1]!.orderNo]);
    expect((await listOf(user, { status: 'refused', page: 2, pageSize: 1 })).body.data).toEqual({ items: [], total: 1, page: 2, pageSize: 1 });
  });

  it('refuses bad list queries with 400 naming the field', async () => {
    const user = await registerUser(server);
    const cases: [Record<string, unknown>, string][] = [
      [{ pageSize: 51 }, 'pageSize'],
      [{ pageSize: 0 }, 'pageSize'],
      [{ page: 0 }, 'page'],
      [{ page: 1.5 }, 'page'],
      [{ status: 'pending' }, 'status'],
      [{ userId: 'someone' }, 'userId'],
    ];
    for (const [body, field] of cases) {
      const response = await call(server, CALLS.rechargeList.path, body, { token: user.token, ip: user.ip });
      expectRefusal(response, 400, 'VALIDATION');
      expect(Object.keys(errorOf(response).fields ?? {})).toEqual([field]);
    }
  });

  it('shows one recharge to its owner only', async () => {
    const user = await registerUser(server);
    const other = await registerUser(server);
    const record = await created(user, '70');
    const detail = await detailOf(user, record.orderNo);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toEqual(record);

    expectRefusal(await detailOf(other, record.orderNo), 404, 'NOT_FOUND');
    expectRefusal(await detailOf(user, 'R000000AAAAAAAAAA'), 404, 'NOT_FOUND');
    expectFieldRefusal(await call(server, CALLS.rechargeDetail.path, {}, { token: user.token }), 'orderNo', 'This field is required.');
  });

  it("shows a completed recharge's review and credits the amount to pay", async () => {
    const user = await registerUser(server);
    const record = await created(user, '80');
    server.clock.advance(60 * SECOND);
    const reviewedAt = server.clock.now();
    expect((await review(server, token, 'recharges', record.orderNo, true, 'Matched the bank statement')).status).toBe(200);
    const detail = (await detailOf(user, record.orderNo)).body.data;
    expect(detail).toEqual({ ...record, status: 'completed', remark: 'Matched the bank statement', reviewedAt });
    const assets = await assetsOf(server, user);
    expect(assets.balance).toBe(record.payAmount);
    expect(assets.totals['recharged']).toBe(record.payAmount);
  });

  it("shows a refused recharge with the operator's remark and credits nothing", async () => {
    const user = await registerUser(server);
    const record = await created(user, '90');
    server.clock.advance(SECOND);
    const reviewedAt = server.clock.now();
    const refused = await review(server, token, 'recharges', record.orderNo, false, 'No payment with this amount arrived');
    expect(refused.status).toBe(200);
    const expected = { ...record, status: 'refused', remark: 'No payment with this amount arrived', reviewedAt };
    expect((await detailOf(user, record.orderNo)).body.data).toEqual(expected);
    expect((await listOf(user, { status: 'refused' })).body.data.items).toEqual([expected]);
    expect((await assetsOf(server, user)).balance).toBe('0.00');
  });

  it('keeps the ledger whole', async () => {
    const report = await verifyLedger(server, token);
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
  });
});
