import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS } from '@wallet/contract';
import { startTestServer, type TestServer } from '../testing/test-server.js';
import { callAs, expectRefusal, randomIp } from '../testing/typed-call.js';

/* A client's address and scheme come from X-Forwarded-* only when a listed proxy sends them. */

const CAPTCHAS_PER_MINUTE = 30;

/** Asks for captchas until one is refused, each naming another address in X-Forwarded-For. */
async function captchasUntilRefused(server: TestServer, forwardedFor: () => string) {
  for (let i = 0; i < CAPTCHAS_PER_MINUTE; i += 1) expect((await callAs(server, null, CALLS.generateCaptcha, {}, { ip: forwardedFor() })).status).toBe(200);
  return callAs(server, null, CALLS.generateCaptcha, {}, { ip: forwardedFor() });
}

async function headersOf(server: TestServer, headers: Record<string, string>): Promise<Headers> {
  const response = await fetch(`${server.baseUrl}/healthz`, { headers });
  await response.arrayBuffer();
  return response.headers;
}

describe('a client not behind a listed proxy', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: '10.255.0.1' });
  });
  afterAll(async () => server.close());

  it('is counted by its own address, whatever X-Forwarded-For it makes up', async () => {
    expectRefusal(await captchasUntilRefused(server, randomIp), 429, 'RATE_LIMITED');
  });

  it('gets no HSTS by claiming X-Forwarded-Proto: https over plain HTTP', async () => {
    expect((await headersOf(server, { 'x-forwarded-proto': 'https' })).get('strict-transport-security')).toBeNull();
  });
});

describe('a client behind a listed proxy', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  it('is the right-most address the proxy added: a made-up address before it changes nothing', async () => {
    const client = randomIp();
    expectRefusal(await captchasUntilRefused(server, () => `${randomIp()}, ${client}`), 429, 'RATE_LIMITED');
    expect((await callAs(server, null, CALLS.generateCaptcha, {}, { ip: randomIp() })).status).toBe(200);
  });

  it('gets HSTS when the proxy says the request came over HTTPS, and none over plain HTTP', async () => {
    expect((await headersOf(server, { 'x-forwarded-proto': 'https' })).get('strict-transport-security')).toMatch(/max-age=\d+/);
    expect((await headersOf(server, {})).get('strict-transport-security')).toBeNull();
  });
});

describe('the API documentation', () => {
  const production = { NODE_ENV: 'production', CAPTCHA_FIXED_ANSWER: '', UPLOAD_SIGNING_SECRET: 'a-production-upload-signing-secret-0123' };

  it.each([
    { where: 'outside production', env: {}, status: 200 },
    { where: 'in production', env: production, status: 404 },
    { where: 'in production with API_DOCS=public', env: { ...production, API_DOCS: 'public' }, status: 200 },
  ])('$where answers $status', async ({ env, status }) => {
    const server = await startTestServer(env);
    try {
      for (const page of ['/docs/json', '/docs']) {
        const response = await fetch(`${server.baseUrl}${page}`);
        await response.arrayBuffer();
        expect(response.status).toBe(status);
      }
    } finally {
      await server.close();
    }
  });
});
