// axe-core (injected past the page's script policy) on every route of the app, on a phone-sized screen: signed out, signed in, and signed in reading Arabic (right to left).
import { chromium, type Browser } from '@playwright/test';
import { PATHS } from '../apps/web/src/navigation/paths.js';
import { violationsOn, type AxeViolation } from '../e2e/support/axe.js';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/support/chromium.js';
/** Animations and transitions settle before colours are read. */
const SETTLE_MS = 600;

export const AXE_ROUTES: string[] = Object.entries(PATHS)
  .filter(([name]) => name !== 'homeAlias')
  .map(([, route]) => route);

export interface AxePass {
  name: string;
  signedIn: boolean;
  /** Stored as the app's chosen language; none: a first visit, which follows the server's default. */
  language?: string;
}

export const AXE_PASSES: AxePass[] = [
  { name: 'signed out', signedIn: false },
  { name: 'signed in', signedIn: true },
  { name: 'signed in, Arabic', signedIn: true, language: 'ar' },
];

export interface AxeRouteResult {
  route: string;
  pass: string;
  violations: AxeViolation[];
}

type StorageWindow = { localStorage: { setItem(key: string, value: string): void } };

async function auditPass(browser: Browser, baseUrl: string, pass: AxePass, token: string): Promise<AxeRouteResult[]> {
  const context = await browser.newContext({ bypassCSP: true, viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'en-US' });
  const stored: Record<string, string> = { ...(pass.signedIn ? { token } : {}), ...(pass.language ? { lang: pass.language } : {}) };
  await context.addInitScript((entries) => {
    for (const [key, value] of Object.entries(entries)) (globalThis as unknown as StorageWindow).localStorage.setItem(key, value);
  }, stored);
  const results: AxeRouteResult[] = [];
  try {
    for (const route of AXE_ROUTES) {
      const page = await context.newPage();
      await page.goto(`${baseUrl}/#${route}`);
      await page.waitForLoadState('networkidle');
      await page.locator('[data-testid="page-loading"]').waitFor({ state: 'detached' });
      await page.waitForTimeout(SETTLE_MS);
      // Signed out, a signed-in page shows the login page instead, which has its own row.
      const redirected = !pass.signedIn && route !== PATHS.login && page.url().includes(`#${PATHS.login}?redirect=`);
      if (!redirected) results.push({ route, pass: pass.name, violations: await violationsOn(page) });
      await page.close();
    }
  } finally {
    await context.close();
  }
  return results;
}

/** Every route in every pass; `token` is a signed-in user's. */
export async function auditRoutes(baseUrl: string, token: string): Promise<AxeRouteResult[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const results: AxeRouteResult[] = [];
    for (const pass of AXE_PASSES) results.push(...(await auditPass(browser, baseUrl, pass, token)));
    return results;
  } finally {
    await browser.close();
  }
}
