import { expect } from 'vitest';
import { CALLS, OPERATOR_CALLS, type CallBody, type saveProject } from '@wallet/contract';
import type { TestServer } from './test-server.js';
import { callAs, operatorCallAs, type Caller } from './typed-call.js';

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

/**
 * The project's period open on `server` with at least `marginMs` left to
 * order in, waited for (another instance learns of a new project within
 * seconds, and a period near its lock is let pass).
 */
export async function waitForOpenPeriod(server: TestServer, caller: Caller, projectId: string, marginMs = 3000) {
  for (let attempt = 0; attempt < 150; attempt += 1) {
    const answer = await callAs(server, caller, CALLS.gamePeriod, { projectId });
    const period = answer.status === 200 ? answer.body.data : undefined;
    if (period?.status === 'open' && period.locksAt - period.serverTime > marginMs) return period;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no period of ${projectId} opened on ${server.baseUrl}`);
}
