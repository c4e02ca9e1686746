import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import type { CallBody, CallDefinition, CallResult } from '@wallet/contract';
import type { CallRef, Envelope, OPERATOR_CALLS } from '@wallet/contract/core';
import { E2E_BASE_URL, E2E_OPERATOR } from './server';

/** Chromium reports every 4xx answer as a console error; tests that provoke refusals on purpose expect it. */
export const FAILED_CALL = /Failed to load resource: the server responded with a status of 4\d\d/;

interface BrowserErrors {
  /** Errors this test provokes on purpose, matched by text. */
  expect(pattern: RegExp): void;
}

type OperatorRef = (typeof OPERATOR_CALLS)[keyof typeof OPERATOR_CALLS];
type OperatorPath = OperatorRef['path'];
type OperatorCallAt<P extends OperatorPath> = Extract<OperatorRef, { path: P }> extends CallRef<infer C extends CallDefinition> ? C : never;

export type OperatorBody<P extends OperatorPath> = CallBody<OperatorCallAt<P>>;
export type OperatorResult<P extends OperatorPath> = CallResult<OperatorCallAt<P>>;

/** The operator console's API, signed in: a call answers the contract's result, or throws with the envelope's code and text. */
export interface OperatorClient {
  token: string;
  call<P extends OperatorPath>(path: P, body: OperatorBody<P>): Promise<OperatorResult<P>>;
}

/** One operator call on `api`; a refusal throws with its code and text, so a broken setup step says what broke. */
async function postOperator<T>(api: APIRequestContext, path: string, body: unknown, token?: string): Promise<T> {
  const response = await api.post(path, { data: body, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const envelope = (await response.json()) as Envelope<T>;
  if (envelope.code !== 200) throw new Error(`${path} failed: ${envelope.code} ${envelope.mess}`);
  return envelope.data;
}

/** The operator signed in on the server `api` talks to: the test server's fixture, or a spec's own server. */
export async function signInOperator(api: APIRequestContext): Promise<OperatorClient> {
  const { token } = await postOperator<{ token: string }>(api, '/admin/api/login', E2E_OPERATOR);
  return { token, call: (path, body) => postOperator(api, path, body, token) };
}

/**
 * Every test fails on an uncaught page error or a console error (a CSP
 * violation shows up there), so a page that "looks fine" but broke is caught.
 */
export const test = base.extend<{ browserErrors: BrowserErrors }, { operator: OperatorClient }>({
  browserErrors: [
    async ({ page }, use) => {
      const problems: string[] = [];
      const expected: RegExp[] = [];
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
      });
      await use({ expect: (pattern) => expected.push(pattern) });
      const unexpected = problems.filter((problem) => !expected.some((pattern) => pattern.test(problem)));
      expect(unexpected, 'errors in the browser').toEqual([]);
    },
    { auto: true },
  ],
  // Signed in once per worker: the server takes 10 operator sign-ins a minute from one address.
  operator: [
    async ({ playwright }, use) => {
      const api = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
      await use(await signInOperator(api));
      await api.dispose();
    },
    { scope: 'worker' },
  ],
});

export { expect };

/** The newest toast: an earlier one may still be on its way out when the next appears. */
export const latestToast = (page: Page) => page.locator('.adm-toast-main').last();
