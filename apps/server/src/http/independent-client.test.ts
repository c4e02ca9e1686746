import { createHash, randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_APP_ID, TEST_KEY, TEST_KEY_ID, startTestServer, type TestServer } from '../testing/test-server.js';

/* A client written from PRODUCT §2 alone: node's md5, no code from this project. */

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function signed(times = Date.now(), ranstr = Array.from({ length: 16 }, () => ALPHABET[randomInt(62)]).join('')) {
  const sign = md5(md5(TEST_APP_ID + times + ranstr) + TEST_KEY);
  return { token: 'none', appid: TEST_APP_ID, secret: TEST_KEY_ID, times, ranstr, sign };
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
