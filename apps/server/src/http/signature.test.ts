import fs from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, computeSign, type CallResult, type Reason, type getLang } from '@wallet/contract';
import { nativeSign } from './signature.js';
import {
  TEST_KEY,
  post,
  signedBody,
  startTestServer,
  type CallResponse,
  type TestServer,
} from '../testing/test-server.js';

const GETLANG = CALLS.getLang.path;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type ReasonCatalogue = { reason: Record<string, string> };
function catalogue(language: string): ReasonCatalogue {
  const file = new URL(`../../../../packages/contract/src/messages/${language}.json`, import.meta.url);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as ReasonCatalogue;
}

/** getlang with the signed fields exactly as given, so each test can get them wrong its own way. */
const call = (body: Record<string, unknown>, language = 'en') => post<CallResult<typeof getLang>>(server, GETLANG, body, language);

function expectRejected(response: CallResponse<unknown>, reason: Reason): void {
  expect(response.status).toBe(403);
  expect(response.body).toEqual({ code: 403, mess: expect.any(String), data: { reason } });
  expect(response.body.mess.trim()).not.toBe('');
}

/** A correctly signed body with one field replaced. */
const withField = (name: string, value: unknown) => ({ ...signedBody(), [name]: value });

describe('signed calls', () => {
  it('answers a correctly signed call', async () => {
    const response = await call(signedBody());
    expect(response.status).toBe(200);
    expect(response.body.code).toBe(200);
    expect(response.body.data.lang).toBe('en');
  });

  it('accepts a client clock up to a few minutes off', async () => {
    expect((await call(signedBody({}, { times: Date.now() - 4 * MINUTE }))).status).toBe(200);
    expect((await call(signedBody({}, { times: Date.now() + 4 * MINUTE }))).status).toBe(200);
  });

  it('rejects a body with no fields at all', async () => {
    expectRejected(await call({}), 'SIGNATURE_INVALID');
  });

  it.each(['token', 'appid', 'secret', 'times', 'ranstr', 'sign'])('rejects a body without %s', async (name) => {
    const body = signedBody();
    delete body[name];
    expectRejected(await call(body), 'SIGNATURE_INVALID');
  });

  it('rejects times sent as a string', async () => {
    const body = signedBody();
    expectRejected(await call({ ...body, times: String(body['times']) }), 'SIGNATURE_INVALID');
  });

  it.each([
    ['15 characters', 'Abcdefgh1234567'],
    ['17 characters', 'Abcdefgh123456789'],
    ['a dash', 'Abcdefgh-1234567'],
  ])('rejects a ranstr of %s, even when the sign matches it', async (_name, ranstr) => {
    expectRejected(await call(signedBody({}, { ranstr })), 'SIGNATURE_INVALID');
  });

  it('rejects a sign in upper case', async () => {
    const body = signedBody();
    expectRejected(await call({ ...body, sign: String(body['sign']).toUpperCase() }), 'SIGNATURE_INVALID');
  });

  it('rejects a sign that is too short', async () => {
    const body = signedBody();
    expectRejected(await call({ ...body, sign: String(body['sign']).slice(0, 31) }), 'SIGNATURE_INVALID');
  });

  it('rejects a well-formed but wrong sign', async () => {
    const body = signedBody();
    const sign = String(body['sign']);
    const flipped = (sign[0] === '0' ? '1' : '0') + sign.slice(1);
    expectRejected(await call({ ...body, sign: flipped }), 'SIGNATURE_INVALID');
  });

  it('rejects a call signed with the wrong key', async () => {
    expectRejected(await call(signedBody({}, { key: 'some-other-signing-key-0123' })), 'SIGNATURE_INVALID');
  });

  it('rejects an unknown key id, even with the right key', async () => {
    expectRejected(await call(signedBody({}, { keyId: 'k9', key: TEST_KEY })), 'SIGNATURE_INVALID');
  });

  it('rejects another app id, even when signed with the right key', async () => {
    expectRejected(await call(signedBody({}, { appid: 'wallet-h5' })), 'SIGNATURE_INVALID');
  });

  it.each([
    ['an empty token', ''],
    ['a token that is not text', 42],
  ])('rejects %s', async (_name, token) => {
    expectRejected(await call(withField('token', token)), 'SIGNATURE_INVALID');
  });

  it.each([
    ['1 hour old', -HOUR],
    ['1 hour in the future', HOUR],
  ])('rejects a call %s as REQUEST_STALE', async (_name, offset) => {
    expectRejected(await call(signedBody({}, { times: Date.now() + offset })), 'REQUEST_STALE');
  });

  it('rejects the identical body sent twice as REQUEST_REPLAYED', async () => {
    const body = signedBody();
    expect((await call(body)).status).toBe(200);
    expectRejected(await call(body), 'REQUEST_REPLAYED');
  });

  it('rejects a reused ranstr even with a fresh time and sign', async () => {
    const first = signedBody();
    expect((await call(first)).status).toBe(200);
    const again = signedBody({}, { ranstr: String(first['ranstr']), times: Number(first['times']) + 1 });
    expectRejected(await call(again), 'REQUEST_REPLAYED');
  });

  it('lets exactly one of ten concurrent copies of a call through', async () => {
    const body = signedBody();
    const responses = await Promise.all(Array.from({ length: 10 }, () => call(body)));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    for (const response of responses.filter((r) => r.status !== 200)) expectRejected(response, 'REQUEST_REPLAYED');
  });
});

describe('localised rejections', () => {
  const english = catalogue('en').reason;

  it.each(['fr', 'ar', 'zh-CN'])('answers in %s from its catalogue', async (language) => {
    const texts = catalogue(language).reason;
    const response = await call(withField('sign', '0'.repeat(32)), language);
    expectRejected(response, 'SIGNATURE_INVALID');
    expect(response.body.mess).toBe(texts['SIGNATURE_INVALID']);
    expect(response.body.mess).not.toBe(english['SIGNATURE_INVALID']);

    const stale = await call(signedBody({}, { times: Date.now() - HOUR }), language);
    expectRejected(stale, 'REQUEST_STALE');
    expect(stale.body.mess).toBe(texts['REQUEST_STALE']);
    expect(stale.body.mess).not.toBe(english['REQUEST_STALE']);
  });

  it('answers in English when asked for English', async () => {
    const response = await call(withField('sign', '0'.repeat(32)), 'en');
    expect(response.body.mess).toBe(english['SIGNATURE_INVALID']);
  });
});

describe('the server\'s signature', () => {
  it('is the contract\'s for any app id, time, ranstr and key, in any script', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.integer({ min: 0 }), fc.string(), fc.string({ unit: 'grapheme' }), (appid, times, ranstr, key) => {
        expect(nativeSign(appid, times, ranstr, key)).toBe(computeSign(appid, times, ranstr, key));
      }),
    );
  });
});
