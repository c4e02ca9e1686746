import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import type { Envelope } from '@wallet/contract/core';
import type { OperatorBody, OperatorClient, OperatorResult } from './fixtures';
import { E2E_BASE_URL, E2E_OPERATOR } from './server';

/** Operators work on desktops: the console's tests use a laptop screen, not the app's phone. */
export const DESKTOP = { viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 } as const;


/** Signs in through the console's own page; the server takes few operator sign-ins a minute, so most tests use `openConsole`. */
export async function signInToConsole(page: Page, returnTo = '/console/'): Promise<void> {
  await page.goto(returnTo);
  await expect(page.getByTestId('sign-in')).toBeVisible();
  await page.getByLabel('Username').fill(E2E_OPERATOR.username);
  await page.getByLabel('Password').fill(E2E_OPERATOR.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('operator-name')).toContainText(E2E_OPERATOR.username);
}

/** Opens a console screen already signed in with the worker's operator session, as after a sign-in earlier that day. */
export async function openConsole(page: Page, operator: OperatorClient, screen: string, language: 'en' | 'zh-CN' = 'en'): Promise<void> {
  await page.addInitScript(
    ([token, username, lang]) => {
      localStorage.setItem('console-session', JSON.stringify({ token, username, role: 'admin' }));
      localStorage.setItem('console-lang', lang!);
    },
    [operator.token, E2E_OPERATOR.username, language],
  );
  await page.goto(`/console${screen}`);
  await expect(page.getByTestId('operator-name')).toBeVisible();
}

/** A message at the top of the console (success or failure). */
export const consoleMessage = (page: Page, text: string) => page.locator('.ant-message').getByText(text, { exact: true });


type OperatorPath = Parameters<OperatorClient['call']>[0];
type OperatorRole = OperatorResult<'/admin/api/operators/save'>['role'];

/** An operator account the test made: what its owner types at sign-in. */
export interface ConsoleOperator {
  id: string;
  username: string;
  password: string;
  role: OperatorRole;
}

/** What the console keeps in the browser after a sign-in. */
export interface ConsoleSession {
  token: string;
  username: string;
  role: OperatorRole;
}

/** The answer of an operator call as it came, refusals included: status, `code`, `mess` and `data` (`{ reason }` on a refusal). */
export interface OperatorAnswer<T> {
  status: number;
  envelope: Envelope<T | { reason: string }>;
}

/** A client address of its own, so the tests' operator sign-ins do not count against the browser's address. */
const anotherAddress = () => `10.${randomBytes(3).join('.')}`;

/** One operator call with `token` (or none), answered as it came rather than thrown, from an address of its own. */
export async function operatorCallAs<P extends OperatorPath>(token: string | null, path: P, body: OperatorBody<P>): Promise<OperatorAnswer<OperatorResult<P>>> {
  const response = await fetch(`${E2E_BASE_URL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en', 'x-forwarded-for': anotherAddress(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, envelope: (await response.json()) as Envelope<OperatorResult<P> | { reason: string }> };
}

/** The data of an answer that must have succeeded; otherwise throws with its code and text, so a broken setup step says what broke. */
export function answered<T>({ envelope }: OperatorAnswer<T>, what: string): T {
  if (envelope.code !== 200) throw new Error(`${what} failed: ${envelope.code} ${envelope.mess}`);
  return envelope.data as T;
}

/** A new operator of `role`, made by the admin as the console's Operators screen would. */
export async function createOperator(admin: OperatorClient, role: OperatorRole): Promise<ConsoleOperator> {
  const username = `op_${role.slice(0, 3)}${randomBytes(4).toString('hex')}`;
  const password = `pass-${randomBytes(8).toString('hex')}`;
  const saved = await admin.call('/admin/api/operators/save', { username, password, role });
  return { id: saved.id, username, password, role };
}

/** Signs an operator in through the API (not the console's page), e.g. to set up TOTP or to open the console as them. */
export async function signInThroughApi(operator: ConsoleOperator, totp?: string): Promise<ConsoleSession> {
  const login = await operatorCallAs(null, '/admin/api/login', { username: operator.username, password: operator.password, ...(totp ? { totp } : {}) });
  return answered(login, `sign-in of ${operator.username}`);
}

/** Fills the console's sign-in form with a name and password and sends it; what follows is the test's to check. */
export async function submitSignIn(page: Page, username: string, password: string): Promise<void> {
  await expect(page.getByTestId('sign-in')).toBeVisible();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Opens a console screen signed in as `session`, replacing whoever was signed
 * in on this page: the next operator at the same desk. The session is written
 * once, on the sign-in page, so a later call can hand the page to another operator.
 */
export async function openConsoleAs(page: Page, session: ConsoleSession, screen: string): Promise<void> {
  await page.goto('/console/sign-in');
  await page.evaluate((stored) => {
    localStorage.setItem('console-session', JSON.stringify(stored));
    localStorage.setItem('console-lang', 'en');
  }, session);
  await page.goto(`/console${screen}`);
  await expect(page.getByTestId('operator-name')).toContainText(session.username);
}

/** The fixture's operator (the first-start admin) as a console session. */
export const adminSession = (operator: OperatorClient): ConsoleSession => ({ token: operator.token, username: E2E_OPERATOR.username, role: 'admin' });

/** Waits until nothing on the page is still fading or moving (endless spinners aside), so a screenshot shows the state the test reached. */
export async function waitForStillPage(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity),
  );
}
