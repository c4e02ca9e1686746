import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_CALLS, CALLS, type Envelope, type ErrorData, type Reason } from '@wallet/contract';
import { signedBody, startTestServer, type TestServer } from '../testing/test-server.js';

const GETLANG = CALLS.getLang.path;
const SIGNED_FIELDS = ['token', 'appid', 'secret', 'times', 'ranstr', 'sign'];

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const english = JSON.parse(
  fs.readFileSync(new URL('../../../../packages/contract/src/messages/en.json', import.meta.url), 'utf8'),
) as { field: Record<string, string> };

interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
  body: Envelope<ErrorData>;
}

/** Any request over real HTTP; the body is kept both as text and parsed. */
async function send(path: string, init: RequestInit = {}): Promise<RawResponse> {
  const response = await fetch(`${server.baseUrl}${path}`, init);
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: JSON.parse(text) as RawResponse['body'] };
}

const postJson = (path: string, body: unknown) =>
  send(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });

/** Stack frames, file paths, SQL or raw error names must never reach a client. */
const LEAKS = [/\bat \S+ \(/, /\bat \S+:\d+:\d+/, /node_modules/, /\bSELECT\b/, /INSERT INTO/, /Error:/, /\.ts:\d+/, /FST_ERR/];

function expectError(response: RawResponse, status: number, reason: Reason): void {
  expect(response.status).toBe(status);
  expect(response.body.code).toBe(status);
  expect(response.body.data.reason).toBe(reason);
  expect(typeof response.body.mess === 'string' && response.body.mess.trim() !== '').toBe(true);
  for (const leak of LEAKS) expect(response.text).not.toMatch(leak);
}

describe('error envelopes', () => {
  it('answers invalid JSON with 400 VALIDATION naming the body', async () => {
    const response = await postJson(GETLANG, '{bad');
    expectError(response, 400, 'VALIDATION');
    expect(response.body.data.fields).toEqual({ body: english.field['INVALID_JSON'] });
  });

  it('answers an empty JSON body with 400 VALIDATION naming the body', async () => {
    const response = await postJson(GETLANG, '');
    expectError(response, 400, 'VALIDATION');
    expect(Object.keys(response.body.data.fields ?? {})).toEqual(['body']);
  });

  it.each([
    ['an array', '[]'],
    ['an array of a signed body', JSON.stringify([signedBody()])],
    ['null', 'null'],
    ['a number', '42'],
  ])('answers a JSON body that is %s with 403', async (_name, body) => {
    expectError(await postJson(GETLANG, body), 403, 'SIGNATURE_INVALID');
  });

  it('names an unknown field on getlang', async () => {
    const response = await postJson(GETLANG, signedBody({ isAdmin: true }));
    expectError(response, 400, 'VALIDATION');
    expect(response.body.data.fields).toEqual({ isAdmin: english.field['UNKNOWN_FIELD'] });
  });

  it('names both a missing versionCode and a bad version on versionUp', async () => {
    const response = await postJson(CALLS.versionUp.path, signedBody({ version: '1.0' }));
    expectError(response, 400, 'VALIDATION');
    expect(response.body.data.fields).toEqual({
      version: english.field['INVALID_FORMAT'],
      versionCode: english.field['REQUIRED'],
    });
  });

  it('tells a versionCode of the wrong type apart from a missing one', async () => {
    const response = await postJson(CALLS.versionUp.path, signedBody({ version: '1.0.0', versionCode: '100' }));
    expectError(response, 400, 'VALIDATION');
    expect(response.body.data.fields).toEqual({ versionCode: english.field['INVALID_TYPE'] });
  });

  it.each(['text/plain', 'application/xml', 'application/x-www-form-urlencoded'])(
    'answers a %s body with 415',
    async (contentType) => {
      const response = await send(GETLANG, {
        method: 'POST',
        headers: { 'content-type': contentType },
        body: JSON.stringify(signedBody()),
      });
      expectError(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
    },
  );

  it('answers a body over 1 MiB with 413', async () => {
    const response = await postJson(GETLANG, { ...signedBody(), padding: 'x'.repeat(1024 * 1024) });
    expectError(response, 413, 'PAYLOAD_TOO_LARGE');
  });

  it.each([
    ['POST', '/api/no/such/call'],
    ['GET', '/no-such-page'],
    ['GET', GETLANG],
  ])('answers %s %s with a 404 NOT_FOUND envelope', async (method, path) => {
    const init: RequestInit = method === 'POST' ? { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(signedBody()) } : { method };
    expectError(await send(path, init), 404, 'NOT_FOUND');
  });
});

describe('signed-in calls', () => {
  const USER_INFO = CALLS.userInfo.path;

  it("answers token 'none' with 401 SESSION_REQUIRED", async () => {
    expectError(await postJson(USER_INFO, signedBody()), 401, 'SESSION_REQUIRED');
  });

  it('answers an unknown token with 401 SESSION_INVALID', async () => {
    expectError(await postJson(USER_INFO, signedBody({}, { token: 'f3b1c2d4e5a6b7c8d9e0f1a2b3c4d5e6' })), 401, 'SESSION_INVALID');
  });

  it('answers an unsigned call with 403 before looking at the session', async () => {
    expectError(await postJson(USER_INFO, { token: 'none' }), 403, 'SIGNATURE_INVALID');
  });
});

describe('health, headers and docs', () => {
  it('answers /healthz with 200', async () => {
    const response = await send('/healthz');
    expect(response.status).toBe(200);
    expect(response.body.code).toBe(200);
  });

  it.each([
    ['GET /healthz', () => send('/healthz')],
    ['a 404 page', () => send('/no-such-page')],
  ])('sends the security headers on %s', async (_name, request) => {
    const { headers } = await request();
    const policy = headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(headers.get('x-content-type-options')).toBe('nosniff');
  });

  it.each([
    ['an API call', () => postJson(GETLANG, signedBody())],
    ['a refused API call', () => postJson(GETLANG, {})],
    ['a call of the console', () => postJson('/admin/api/login', {})],
  ])('sends %s the headers a JSON answer needs, without those only a page obeys', async (_name, request) => {
    const { headers } = await request();
    expect(headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(headers.get('referrer-policy')).toBe('no-referrer');
    for (const name of ['x-frame-options', 'x-xss-protection', 'origin-agent-cluster', 'cross-origin-opener-policy']) expect(headers.get(name), name).toBeNull();
  });

  it('serves an OpenAPI document whose getlang request lists the signed fields', async () => {
    const response = await fetch(`${server.baseUrl}/docs/json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as {
      openapi?: string;
      paths?: Record<string, { post?: { requestBody?: { content?: Record<string, { schema?: { properties?: object; required?: string[] } }> } } }>;
    };
    expect(document.openapi).toMatch(/^3\./);
    const schema = document.paths?.['/api/login/getlang']?.post?.requestBody?.content?.['application/json']?.schema;
    expect(Object.keys(schema?.properties ?? {})).toEqual(expect.arrayContaining(SIGNED_FIELDS));
    expect(schema?.required).toEqual(expect.arrayContaining(SIGNED_FIELDS));
  });

  it('documents every field an error answer may carry, attemptsLeft and the limit passed included', async () => {
    type Schema = { properties?: Record<string, Schema> };
    const document = (await (await fetch(`${server.baseUrl}/docs/json`)).json()) as {
      paths: Record<string, { post: { responses: Record<string, { content: Record<string, { schema: Schema }> }> } }>;
    };
    const refusal = document.paths['/api/money/withdraw']?.post.responses['422']?.content['application/json']?.schema;
    expect(Object.keys(refusal?.properties?.['data']?.properties ?? {}).sort()).toEqual(
      ['attemptsLeft', 'captchaRequired', 'errorId', 'fields', 'limit', 'permanent', 'reason', 'retryAfterSeconds', 'until'],
    );
  });

  it('lists every call of the contract in the OpenAPI document, money calls included', async () => {
    const document = (await (await fetch(`${server.baseUrl}/docs/json`)).json()) as { paths?: Record<string, unknown> };
    const paths = Object.keys(document.paths ?? {});
    expect(paths).toEqual(expect.arrayContaining(ALL_CALLS.map((c) => c.path)));
    expect(paths).toEqual(expect.arrayContaining(['/api/money/withdraw', '/admin/api/ledger/verify']));
  });
});
