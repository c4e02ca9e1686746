import { expect, test } from '../support/fixtures';
import { saveScreenshot } from '../support/screenshots';
import { withSetting } from '../support/settings';

test('choosing Arabic turns the whole app right to left, and it stays after a reload', async ({ page }) => {
  await page.goto('./#/pages/myindex/setting');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await page.getByTestId('language-picker').click();
  await page.getByTestId('language-ar').click();

  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('.adm-nav-bar-title')).toHaveText('الإعدادات');
  await saveScreenshot(page, 'arabic_settings');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // The app has started again, its router with it, before the next goto. The router's first history entry, written
  // as it starts, would otherwise be taken by Playwright as the end of a goto that changes only the hash.
  await expect(page.locator('.adm-nav-bar-title')).toHaveText('الإعدادات');
  await page.goto('./#/');
  await expect(page.locator('.app-tab-bar')).toContainText('الرئيسية');
  await expect(page.getByTestId('home-project').first()).toBeVisible();
  await saveScreenshot(page, 'arabic_home');
});

test('every language can be chosen and shows its own page titles', async ({ page }) => {
  await page.goto('./#/pages/myindex/setting');
  const englishTitle = 'Settings';
  for (const code of ['zh-CN', 'zh-TW', 'pt', 'hi', 'es', 'fr', 'ko', 'ja', 'de', 'ru', 'ar', 'ms']) {
    await page.getByTestId('language-picker').click();
    await page.getByTestId(`language-${code}`).click();
    await expect(page.locator('html')).toHaveAttribute('lang', code);
    await expect(page.locator('.adm-nav-bar-title')).not.toHaveText(englishTitle);
  }
});

test('with no language stored, the app adopts the server default language', async ({ page, operator }) => {
  await withSetting(operator, 'defaultLang', () => 'zh-CN' as const, async () => {
    await page.goto('./#/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.locator('.app-tab-header h1')).toHaveText('首页');
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('zh-CN');
  });
});

test('a stored language wins over the server default, and calls carry it in Accept-Language', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('lang', 'fr'));
  const request = page.waitForRequest((r) => r.url().includes('/api/login/versionUp'));
  await page.goto('./#/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  expect((await request).headers()['accept-language']).toBe('fr');
});
