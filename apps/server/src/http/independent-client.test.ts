import { createHash, randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_APP_ID,
  TEST_CAPTCHA_ANSWER,
  TEST_KEY,
  TEST_KEY_ID,
  TEST_OPERATOR,
  TEST_ROOT_INVITE_CODE,
  startTestServer,
  type TestServer,
} from '../testing/test-server.js';

/* A client written from PRODUCT §2 alone: node's md5, no code from this project. */

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function signed(times = Date.now(), ranstr = Array.from({ length: 16 }, () => ALPHABET[randomInt(62)]).join(''), token = 'none') {
  const sign = md5(md5(TEST_APP_ID + times + ranstr) + TEST_KEY);
  return { token, appid: TEST_APP_ID, secret: TEST_KEY_ID, times, ranstr, sign };
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function getlang(body: object, language = 'en') {
  const response = await fetch(`${server.baseUrl}/api/login/getlang`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Accept-Language': language },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { code: number; mess: string; data: Record<string, unknown> } };
}

describe('a client written from the protocol description', () => {
  it('gets data.lang from getlang', async () => {
    const { status, body } = await getlang(signed());
    expect(status).toBe(200);
    expect(body.code).toBe(200);
    expect(body.data['lang']).toBe('en');
  });

  it.each([
    ['unsigned', () => ({ token: 'none' })],
    ['with a wrong sign', () => ({ ...signed(), sign: md5('something else') })],
    ['an hour old', () => signed(Date.now() - 60 * 60 * 1000)],
  ])('is refused with 403 when %s, in the caller’s language', async (_case, body) => {
    const english = await getlang(body());
    const german = await getlang(body(), 'de');
    expect(english.status).toBe(403);
    expect(english.body.code).toBe(403);
    expect(german.status).toBe(403);
    expect(german.body.data['reason']).toBe(english.body.data['reason']);
    expect(german.body.mess).not.toBe(english.body.mess);
    expect(german.body.mess.length).toBeGreaterThan(0);
  });

  it('is refused with 403 when a call is replayed', async () => {
    const body = signed();
    expect((await getlang(body)).status).toBe(200);
    const replay = await getlang(body, 'ja');
    expect(replay.status).toBe(403);
    expect(replay.body.data['reason']).toBe('REQUEST_REPLAYED');
    expect(replay.body.mess).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
  });
});

type Envelope = { code: number; mess: string; data: Record<string, unknown> & { reason?: string } };

/** A signed app call with its own fields, as PRODUCT §2 describes it. */
async function app(path: string, fields: object = {}, token = 'none'): Promise<Envelope> {
  const response = await fetch(`${server.baseUrl}/api/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Accept-Language': 'en', 'X-Forwarded-For': `10.9.${randomInt(255)}.${randomInt(255)}` },
    body: JSON.stringify({ ...fields, ...signed(Date.now(), undefined, token) }),
  });
  const body = (await response.json()) as Envelope;
  expect(body.code).toBe(response.status);
  return body;
}

async function operator(path: string, body: object, token?: string): Promise<Envelope> {
  const response = await fetch(`${server.baseUrl}/admin/api/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Envelope;
}

describe('a client written from PRODUCT.md moving money', () => {
  it('recharges, is approved, withdraws with the payment password, races 30 withdrawals without overdrawing, and the ledger checks out', async () => {
    const captcha = await app('images/generate');
    const username = `outside_${randomInt(1_000_000)}`;
    const registered = await app('login/register', {
      username,
      password: 'outside123',
      payPassword: '246810',
      inviteCode: TEST_ROOT_INVITE_CODE,
      captchaId: captcha.data['captchaId'],
      captchaCode: TEST_CAPTCHA_ANSWER,
      lang: 'en',
    });
    expect(registered.code).toBe(200);
    const token = String(registered.data['token']);

    // A first start opens no channel: the operator enters the payment details first.
    const operatorToken = String((await operator('login', TEST_OPERATOR)).data['token']);
    expect((await app('money/channels', {}, token)).data).toEqual([]);
    const bank = { id: 'bank-transfer', name: 'Bank transfer', kind: 'bank', details: [{ label: 'Account number', value: '6222 0000 0000 0001' }] };
    const opened = await operator('settings/save', { rechargeChannels: [{ ...bank, minAmount: '10', maxAmount: '50000', randomDecimal: true, enabled: true }] }, operatorToken);
    expect(opened.code).toBe(200);

    const channels = (await app('money/channels', {}, token)).data as unknown as { id: string; minAmount: string }[];
    const recharge = await app('money/recharge', { channelId: channels[0]!.id, amount: '100.00', requestId: randomUUID() }, token);
    expect(recharge.code).toBe(200);
    const payAmount = String(recharge.data['payAmount']);
    expect(payAmount).toMatch(/^100\.[1-9]0$/);

    expect((await operator('recharges/review', { orderNo: recharge.data['orderNo'], approve: true, remark: '' }, operatorToken)).code).toBe(200);
    expect((await app('user/assets', {}, token)).data).toMatchObject({ balance: payAmount, freeze: '0.00' });

    const card = { name: 'Outside Client', bankName: 'Some Bank', cardNo: '1234567890123', address: 'Somewhere' };
    const first = await app('money/withdraw', { ...card, amount: '20.00', payPassword: '246810', requestId: randomUUID() }, token);
    expect(first.code).toBe(200);
    expect(first.data).toMatchObject({ amount: '20.00', fee: '0.20', status: 'review' });

    // 30 at once, 30.00 each, against what is left: the balance covers two more, the pending limit allows two more.
    const race = await Promise.all(
      Array.from({ length: 30 }, () => app('money/withdraw', { ...card, amount: '30.00', payPassword: '246810', requestId: randomUUID() }, token)),
    );
    const accepted = race.filter((answer) => answer.code === 200);
    expect(accepted).toHaveLength(2);
    expect(race.every((answer) => answer.code === 200 || [422, 429].includes(answer.code))).toBe(true);
    const assets = (await app('user/assets', {}, token)).data;
    expect(assets['freeze']).toBe('80.00');
    expect(Number(assets['balance'])).toBeGreaterThanOrEqual(0);

    const verify = await operator('ledger/verify', {}, operatorToken);
    expect(verify.data).toMatchObject({ ok: true, problems: [] });
  });
});
