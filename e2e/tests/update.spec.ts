import { expect, test } from '../support/fixtures';
import { saveScreenshot } from '../support/screenshots';
import { withSetting, type CurrentSettings } from '../support/settings';

const newer = (force: boolean) => (release: CurrentSettings['release']) => ({ ...release, version: '1.1.0', versionCode: 110, notes: 'Faster pages', force });

test('no dialog while the app is the latest version', async ({ page }) => {
  const answer = page.waitForResponse((r) => r.url().includes('/api/login/versionUp'));
  await page.goto('./#/');
  expect((await answer).status()).toBe(200);
  await expect(page.locator('.app-tab-header h1')).toHaveText('Home');
  await expect(page.getByTestId('update-dialog')).toHaveCount(0);
});

test('a newer version is offered and can be postponed', async ({ page, operator }) => {
  await withSetting(operator, 'release', newer(false), async () => {
    await page.goto('./#/');
    const dialog = page.locator('.adm-dialog');
    await expect(dialog).toContainText('New version available');
    await expect(dialog).toContainText('Version 1.1.0');
    await expect(dialog).toContainText('Faster pages');
    await saveScreenshot(page, 'update_offered');
    await dialog.getByRole('button', { name: 'Later' }).click();
    await expect(page.getByTestId('update-dialog')).toBeHidden();
  });
});

test('a forced update cannot be dismissed', async ({ page, operator }) => {
  await withSetting(operator, 'release', newer(true), async () => {
    await page.goto('./#/');
    const dialog = page.locator('.adm-dialog');
    await expect(dialog).toContainText('This version is no longer supported');
    await expect(dialog.getByRole('button')).toHaveText(['Update now']);
    await page.mouse.click(20, 20);
    await expect(page.getByTestId('update-dialog')).toBeVisible();
    await saveScreenshot(page, 'update_forced');
  });
});
