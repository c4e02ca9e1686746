import { afterAll, beforeAll, expect, it } from 'vitest';
import { CALLS, MAX_FIELD_PROBLEMS } from '@wallet/contract';
import { registerUser } from '../testing/accounts.js';
import { signedBody, startTestServer, type TestServer } from '../testing/test-server.js';
import { SESSIONLESS_BODY_LIMIT_BYTES } from './call-pipeline.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const postJson = async (path: string, body: string) => {
  const response = await fetch(`${server.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  const text = await response.text();
  return { status: response.status, text, answer: JSON.parse(text) as { data: { reason: string; fields: Record<string, string> } } };
};

/** A body of `count` made-up keys besides the given fields, and one very long key. */
const withUnknownKeys = (fields: Record<string, unknown>, count: number) =>
  JSON.stringify({ ...fields, ...Object.fromEntries(Array.from({ length: count }, (_, i) => [`key${i}`, 1])), ['z'.repeat(2_000)]: 1 });

it('answers a body of hundreds of unknown keys, before any session, with a short refusal naming a few', async () => {
  const body = withUnknownKeys({ username: 'admin', password: 'operator-password-1' }, 1_000);
  expect(body.length).toBeLessThan(SESSIONLESS_BODY_LIMIT_BYTES);
  const { status, text, answer } = await postJson('/admin/api/login', body);
  expect(status).toBe(400);
  expect(text.length).toBeLessThan(4_000);
  expect(answer.data.reason).toBe('VALIDATION');
  expect(Object.keys(answer.data.fields)).toHaveLength(MAX_FIELD_PROBLEMS);
});

it('reads no more than 16 KB of a call made before any session: a larger one is refused unread', async () => {
  const large = withUnknownKeys({ username: 'admin', password: 'operator-password-1' }, 40_000);
  for (const path of ['/admin/api/login', CALLS.signIn.path, CALLS.generateCaptcha.path]) {
    const { status, text, answer } = await postJson(path, large);
    expect(status, path).toBe(413);
    expect(answer.data.reason).toBe('PAYLOAD_TOO_LARGE');
    expect(text.length).toBeLessThan(1_000);
  }
});

it('still reads a larger body once the call needs a session: a signed-in user is named by the body', async () => {
  const user = await registerUser(server);
  const fields = signedBody({ padding: 'x'.repeat(SESSIONLESS_BODY_LIMIT_BYTES * 2) }, { token: user.token });
  const { status, answer } = await postJson(CALLS.userAssets.path, JSON.stringify(fields));
  // Read and refused for what it says (a made-up field), not for its size.
  expect(status).toBe(400);
  expect(answer.data.reason).toBe('VALIDATION');
  expect(Object.keys(answer.data.fields)).toContain('padding');
});
