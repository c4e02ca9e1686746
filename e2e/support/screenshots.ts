import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

const DIR = path.resolve(import.meta.dirname, '../screenshots');
const DOCS = path.resolve(import.meta.dirname, '../../docs/screenshots');

/** `fullPage` takes the whole scrolled page, for forms and lists longer than the phone's screen. */
export async function saveScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  fs.mkdirSync(DIR, { recursive: true });
  await page.screenshot({ path: path.join(DIR, `${name}.png`), fullPage: options.fullPage ?? false });
}

/** Copies a screenshot the run just took into the docs, for the README. */
export function copyToDocs(name: string): void {
  fs.mkdirSync(DOCS, { recursive: true });
  fs.copyFileSync(path.join(DIR, `${name}.png`), path.join(DOCS, `${name}.png`));
}
