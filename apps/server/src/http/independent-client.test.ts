import { createHash, createHmac, randomInt, randomUUID } from 'node:crypto';
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
async function app(path: string, fields: object = {}, token = 'none', language = 'en'): Promise<Envelope> {
  const response = await fetch(`${server.baseUrl}/api/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Accept-Language': language, 'X-Forwarded-For': `10.9.${randomInt(255)}.${randomInt(255)}` },
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

/** Registers with the root invitation code (payment password 246810) and answers the name and token. */
async function registerOutside(prefix: string): Promise<{ username: string; token: string }> {
  const captcha = await app('images/generate');
  const username = `${prefix}_${randomInt(1_000_000)}`;
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
  return { username, token: String(registered.data['token']) };
}

describe('a client written from PRODUCT.md moving money', () => {
  it('recharges, is approved, withdraws with the payment password, races 30 withdrawals without overdrawing, and the ledger checks out', async () => {
    const { token } = await registerOutside('outside');

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

/** The draw of PRODUCT §6, written from its text: HMAC-SHA256 bytes, those ≥ 252 skipped, byte mod 6 + 1. */
function diceFrom(seedHex: string, projectId: string, periodNo: string): number[] {
  const key = Buffer.from(seedHex, 'hex');
  const dice: number[] = [];
  for (let round = 0; dice.length < 3; round += 1) {
    const message = round === 0 ? `${projectId}:${periodNo}` : `${projectId}:${periodNo}:${round}`;
    for (const byte of createHmac('sha256', key).update(message, 'utf8').digest()) if (byte < 252 && dice.length < 3) dice.push((byte % 6) + 1);
  }
  return dice;
}

/** The win rules of the options this client orders, from PRODUCT §6's table. */
const WINS: Record<string, (d: number[]) => boolean> = {
  big: (d) => d[0]! + d[1]! + d[2]! >= 11 && !(d[0] === d[1] && d[1] === d[2]),
  'sum-10': (d) => d[0]! + d[1]! + d[2]! === 10,
  'pair-3': (d) => d.filter((x) => x === 3).length >= 2,
  'two-1-6': (d) => d.includes(1) && d.includes(6),
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a client written from PRODUCT.md playing dice', () => {
  it('orders on a 10-second project the operator adds, is refused after the lock, and finds the published draw and every cent exact', async () => {
    const { username, token } = await registerOutside('dice');
    const operatorToken = String((await operator('login', TEST_OPERATOR)).data['token']);
    const users = (await operator('users', { q: username }, operatorToken)).data['items'] as { id: string; username: string }[];
    expect((await operator('users/adjust', { userId: users.find((u) => u.username === username)!.id, account: 'available', amount: '100.00', reason: 'Stake' }, operatorToken)).code).toBe(200);

    const saved = await operator(
      'projects/save',
      { id: 'outside-10s', name: 'Outside 10 s', cover: '', periodSeconds: 10, lockSeconds: 2, unitAmount: '1.00', minQuantity: 1, maxQuantity: 1000, odds: { 'sum-10': '8.00' }, enabled: true },
      operatorToken,
    );
    expect(saved.code).toBe(200);
    const listed = ((await app('game/projects', {}, token)).data as unknown as { id: string; options: { code: string; odds: string }[] }[]).find((p) => p.id === 'outside-10s')!;
    expect(listed.options).toHaveLength(67);
    const odds = Object.fromEntries(listed.options.map((o) => [o.code, o.odds]));
    expect(odds).toMatchObject({ big: '1.95', 'sum-10': '8.00' });

    type Period = { periodNo: string; status: string; locksAt: number; drawsAt: number; serverTime: number; serverSeedHash: string; serverSeed: string | null; dice: number[] | null };
    let period = (await app('game/period', { projectId: 'outside-10s' }, token)).data as unknown as Period;
    while (period.status !== 'open' || period.locksAt - period.serverTime < 3000) {
      await pause(250);
      period = (await app('game/period', { projectId: 'outside-10s' }, token)).data as unknown as Period;
    }
    const publishedHash = period.serverSeedHash;
    const selections = [
      { option: 'big', quantity: 3 },
      { option: 'sum-10', quantity: 2 },
      { option: 'pair-3', quantity: 1 },
      { option: 'two-1-6', quantity: 4 },
    ];
    const placed = await app('game/order', { projectId: 'outside-10s', periodNo: period.periodNo, selections, requestId: randomUUID() }, token);
    expect(placed.code).toBe(200);
    expect(placed.data['balance']).toBe('90.00');

    await pause(period.locksAt - period.serverTime + 100);
    const late = await app('game/order', { projectId: 'outside-10s', periodNo: period.periodNo, selections: [{ option: 'big', quantity: 1 }], requestId: randomUUID() }, token);
    expect([late.code, late.data.reason]).toEqual([422, 'PERIOD_CLOSED']);

    await pause(period.drawsAt - period.locksAt);
    let drawn: Period | undefined;
    for (let attempt = 0; !drawn && attempt < 40; attempt += 1) {
      const history = (await app('game/history', { projectId: 'outside-10s' }, token)).data as unknown as { items: Period[] };
      drawn = history.items.find((p) => p.periodNo === period.periodNo);
      if (!drawn) await pause(250);
    }
    expect(drawn!.serverSeedHash).toBe(publishedHash);
    expect(createHash('sha256').update(Buffer.from(drawn!.serverSeed!, 'hex')).digest('hex')).toBe(publishedHash);
    const dice = diceFrom(drawn!.serverSeed!, 'outside-10s', period.periodNo);
    expect(drawn!.dice).toEqual(dice);

    const cents = (text: string) => Math.round(Number(text) * 100);
    const payout = selections.reduce((total, s) => total + (WINS[s.option]!(dice) ? Math.floor((s.quantity * 100 * cents(odds[s.option]!)) / 100) : 0), 0);
    const orders = (await app('game/orders', {}, token)).data as unknown as { items: { option: string; payout: string; profit: string; audited: boolean }[] };
    expect(orders.items.every((o) => o.audited)).toBe(true);
    expect(orders.items.reduce((total, o) => total + cents(o.payout), 0)).toBe(payout);
    const assets = (await app('user/assets', {}, token)).data;
    expect(assets['balance']).toBe(((90_00 + payout) / 100).toFixed(2));
    expect(assets['coin']).toBe(10);
    expect((await operator('ledger/verify', {}, operatorToken)).data).toMatchObject({ ok: true, problems: [] });
  }, 40_000);
});

type Notice = { id: string; title: string; summary: string; pinned: boolean; unread: boolean };

/** What no HTML a client receives may hold, whatever an operator wrote: a script, an event handler, a script URL. */
function expectNoScript(html: string): void {
  expect(html).not.toMatch(/<\s*script/i);
  expect((html.match(/<[^>]*>/g) ?? []).join(' ').replace(/"[^"]*"/g, '""')).not.toMatch(/\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/(href|src)\s*=\s*"?\s*javascript:/i);
}

describe('a client written from PRODUCT.md reading notices and sending feedback', () => {
  it('sees the welcome notice, gets an operator’s notice in Arabic when it asks in Arabic and in the default language otherwise, and never a script', async () => {
    const firstList = (await app('notice/list', { page: 1, pageSize: 50 })).data as unknown as { items: Notice[] };
    const welcome = firstList.items.find((n) => /welcome/i.test(n.title))!;
    expect(welcome.pinned).toBe(true);
    const welcomeDetail = await app('notice/detail', { id: welcome.id });
    expect(welcomeDetail.code).toBe(200);
    expect(String(welcomeDetail.data['content']).length).toBeGreaterThan(20);

    const operatorToken = String((await operator('login', TEST_OPERATOR)).data['token']);
    const published = await operator(
      'content/save',
      {
        kind: 'notice',
        title: 'Maintenance tonight',
        content: '<p onclick="steal()">The service pauses at 02:00.</p><script>steal()</script><img src="x" onerror="steal()"><a href="javascript:steal()">more</a>',
        translations: { ar: { title: 'صيانة الليلة', content: '<p>تتوقف الخدمة عند الساعة 02:00.</p><svg onload="steal()"></svg>' } },
      },
      operatorToken,
    );
    expect(published.code).toBe(200);
    const id = String(published.data['id']);

    const inArabic = (await app('notice/list', { page: 1, pageSize: 50 }, 'none', 'ar')).data as unknown as { items: Notice[] };
    expect(inArabic.items.find((n) => n.id === id)?.title).toBe('صيانة الليلة');
    const arabicDetail = await app('notice/detail', { id }, 'none', 'ar');
    expect(arabicDetail.data).toMatchObject({ title: 'صيانة الليلة', content: expect.stringContaining('تتوقف الخدمة') });
    for (const language of ['en', 'de', 'fr']) {
      const detail = await app('notice/detail', { id }, 'none', language);
      expect(detail.data).toMatchObject({ title: 'Maintenance tonight', content: expect.stringContaining('The service pauses at 02:00.') });
    }

    for (const language of ['en', 'ar', 'zh-CN']) {
      const list = (await app('notice/list', { page: 1, pageSize: 50 }, 'none', language)).data as unknown as { items: Notice[] };
      for (const notice of list.items) expectNoScript(String((await app('notice/detail', { id: notice.id }, 'none', language)).data['content']));
      expectNoScript(String((await app('notice/about', {}, 'none', language)).data['content']));
      expectNoScript(String((await app('login/reg_agreement', {}, 'none', language)).data['content']));
    }
  });

  it('is told the seed’s words for empty and short feedback, sends feedback and sees the operator’s reply', async () => {
    const { token } = await registerOutside('feedback');
    const empty = await app('feedback/submit', { email: 'client@example.com', content: '' }, token);
    expect([empty.code, empty.data.reason]).toEqual([400, 'VALIDATION']);
    expect((empty.data['fields'] as Record<string, string>)['content']).toMatch(/the email content cannot be empty/i);
    const short = await app('feedback/submit', { email: 'client@example.com', content: 'Too short.' }, token);
    expect((short.data['fields'] as Record<string, string>)['content']).toMatch(/content should be no less than 15 characters/i);
    const badEmail = await app('feedback/submit', { email: 'client-at-example', content: 'A long enough message about the app.' }, token);
    expect(Object.keys(badEmail.data['fields'] as object)).toEqual(['email']);

    const sent = await app('feedback/submit', { email: 'client@example.com', content: 'Please add a dark theme to the app.' }, token);
    expect(sent.code).toBe(200);

    const operatorToken = String((await operator('login', TEST_OPERATOR)).data['token']);
    const waiting = (await operator('feedback', { page: 1 }, operatorToken)).data['items'] as { id: string; content: string }[];
    const mine = waiting.find((f) => f.content === 'Please add a dark theme to the app.')!;
    expect((await operator('feedback/reply', { id: mine.id, reply: 'Coming in the next version.' }, operatorToken)).code).toBe(200);

    const answered = (await app('feedback/mine', { page: 1, pageSize: 20 }, token)).data['items'] as { content: string; reply: string | null; repliedAt: number | null }[];
    expect(answered).toHaveLength(1);
    expect(answered[0]).toMatchObject({ content: 'Please add a dark theme to the app.', reply: 'Coming in the next version.', repliedAt: expect.any(Number) });
  });
});
