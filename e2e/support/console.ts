import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import type { OperatorClient } from './fixtures';
import { E2E_OPERATOR } from './server';

/** Operators work on desktops: the console's tests use a laptop screen, not the app's phone. */
export const DESKTOP = { viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 } as const;

const SCREENSHOTS = path.resolve(import.meta.dirname, '../screenshots');
const DOCS_SCREENSHOTS = path.resolve(import.meta.dirname, '../../docs/screenshots');

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

/** Copies a screenshot the run just took into the docs, for the README. */
export function copyToDocs(name: string): void {
  fs.mkdirSync(DOCS_SCREENSHOTS, { recursive: true });
  fs.copyFileSync(path.join(SCREENSHOTS, `${name}.png`), path.join(DOCS_SCREENSHOTS, `${name}.png`));
}
