import { expect } from 'vitest';
import { OPERATOR_CALLS, type CallBody, type saveProject } from '@wallet/contract';
import type { TestServer } from './test-server.js';
import { operatorCallAs } from './typed-call.js';

/** A short project as an operator adds one: 10-second periods, orders closing 2 s before the draw. */
export const SHORT_PROJECT: CallBody<typeof saveProject> = {
  id: 'fast3-10s',
  name: 'Fast 3 · 10 s',
  cover: '',
  periodSeconds: 10,
  lockSeconds: 2,
  unitAmount: '1.00',
  minQuantity: 1,
  maxQuantity: 100,
  enabled: true,
};

/** Saves a project through the operator call and answers it as saved. */
export async function saveTestProject(server: TestServer, operatorToken: string, fields: Partial<CallBody<typeof saveProject>> = {}) {
  const response = await operatorCallAs(server, operatorToken, OPERATOR_CALLS.saveProject, { ...SHORT_PROJECT, ...fields });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
}
