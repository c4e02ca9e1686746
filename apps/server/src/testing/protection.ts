import { expect } from 'vitest';
import { CALLS, type CallBody, type saveLimit } from '@wallet/contract';
import type { TestServer } from './test-server.js';
import { callAs, type Caller } from './typed-call.js';

/** Player protection (PRODUCT §12) as a client sees it. */

export async function limitsOf(server: TestServer, caller: Caller) {
  const response = await callAs(server, caller, CALLS.playerLimits, {});
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
}

export function saveLimitAs(server: TestServer, caller: Caller, body: CallBody<typeof saveLimit>) {
  return callAs(server, caller, CALLS.saveLimit, body);
}

/** Saves a limit and expects it accepted; answers the protection after it. */
export async function setLimit(server: TestServer, caller: Caller, body: CallBody<typeof saveLimit>) {
  const response = await saveLimitAs(server, caller, body);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
}
