import { test as base, expect, type Page } from '@playwright/test';

interface BrowserErrors {
  /** Errors this test provokes on purpose, matched by text. */
  expect(pattern: RegExp): void;
}

/**
 * Every test fails on an uncaught page error or a console error (a CSP
 * violation shows up there), so a page that "looks fine" but broke is caught.
 */
export const test = base.extend<{ browserErrors: BrowserErrors }>({
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
});

export { expect };

/** The newest toast: an earlier one may still be on its way out when the next appears. */
export const latestToast = (page: Page) => page.locator('.adm-toast-main').last();
