import type { Page } from '@playwright/test';

/** Submit buttons take one press per 500 ms (PRODUCT.md §8), counted from the press that started the last try. */
export const SUBMIT_THROTTLE_MS = 500;

/** Presses a form's submit button again after an answer, past its throttle: a person is never that quick, a test has to wait. */
export async function submitAgain(page: Page, testId: string): Promise<void> {
  await page.waitForTimeout(SUBMIT_THROTTLE_MS);
  await page.getByTestId(testId).click();
}
