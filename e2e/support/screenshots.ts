import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

const DIR = path.resolve(import.meta.dirname, '../screenshots');

export async function saveScreenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(DIR, { recursive: true });
  await page.screenshot({ path: path.join(DIR, `${name}.png`) });
}
