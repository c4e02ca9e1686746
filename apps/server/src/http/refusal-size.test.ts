import { afterAll, beforeAll, expect, it } from 'vitest';
import { MAX_FIELD_PROBLEMS } from '@wallet/contract';
import { startTestServer, type TestServer } from '../testing/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

it('answers a body of thousands of unknown keys, before any session, with a short refusal naming a few', async () => {
  const unknown = Object.fromEntries(Array.from({ length: 40_000 }, (_, i) => [`key${i}`, 1]));
  const body = JSON.stringify({ username: 'admin', password: 'operator-password-1', ...unknown, ['z'.repeat(5_000)]: 1 });
  expect(body.length).toBeGreaterThan(450_000);
  const response = await fetch(`${server.baseUrl}/admin/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  const text = await response.text();
  expect(response.status).toBe(400);
  expect(text.length).toBeLessThan(4_000);
  const answer = JSON.parse(text) as { data: { reason: string; fields: Record<string, string> } };
  expect(answer.data.reason).toBe('VALIDATION');
  expect(Object.keys(answer.data.fields)).toHaveLength(MAX_FIELD_PROBLEMS);
});
