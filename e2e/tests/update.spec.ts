import type { Page, Request } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { openFresh } from '../support/open-app';
import { saveScreenshot } from '../support/screenshots';
import { withSetting, type CurrentSettings } from '../support/settings';
import { waitForShellWorker } from '../support/shell-worker';

/*
 * The operator's published release (PRODUCT §8, §12): offered to an app
 * that started from the build its worker kept, once; never again after the
 * user updated to it.
 */

test.use({ serviceWorkers: 'allow' });

const newer = (force: boolean) => (release: CurrentSettings['release']) => ({ ...release, version: '1.1.0', versionCode: 110, notes: 'Faster pages', force });

const versionCheck = (page: Page) => page.waitForRequest((r) => r.url().includes('/api/login/versionUp'));
const askedAs = (request: Request) => {
  const { version, versionCode } = request.postDataJSON() as { version: string; versionCode: number };
  return { version, versionCode };
};

/** The app as a returning user has it: installed by an earlier visit, started from what its worker kept. */
async function installApp(page: Page): Promise<void> {
  await page.goto('./#/');
  await expect(page.locator('.app-tab-header h1')).toHaveText('Home');
  await waitForShellWorker(page);
}

async function startAgain(page: Page): Promise<Request> {
  const asked = versionCheck(page);
  await page.reload();
  await expect(page.locator('.app-tab-header h1')).toHaveText('Home');
  return asked;
}

test('no dialog while the app is the latest version', async ({ page }) => {
  const answer = page.waitForResponse((r) => r.url().includes('/api/login/versionUp'));
  await page.goto('./#/');
  expect((await answer).status()).toBe(200);
  await expect(page.locator('.app-tab-header h1')).toHaveText('Home');
  await expect(page.getByTestId('update-dialog')).toHaveCount(0);
});

test('a newer release is offered to an installed app and can be postponed to the next start', async ({ page, operator }) => {
  await installApp(page);
  await withSetting(operator, 'release', newer(false), async () => {
    await startAgain(page);
    const dialog = page.locator('.adm-dialog');
    await expect(dialog).toContainText('New version available');
    await expect(dialog).toContainText('Version 1.1.0');
    await expect(dialog).toContainText('Faster pages');
    await saveScreenshot(page, 'update_offered');
    await dialog.getByRole('button', { name: 'Later' }).click();
    await expect(page.getByTestId('update-dialog')).toBeHidden();

    await startAgain(page);
    await expect(page.locator('.adm-dialog')).toContainText('Version 1.1.0');
  });
});

test('after "Update now" the app is the new release: it restarts and is never offered it again', async ({ page, operator }) => {
  await installApp(page);
  await withSetting(operator, 'release', newer(false), async () => {
    expect(askedAs(await startAgain(page))).toEqual({ version: '1.0.0', versionCode: 100 });
    const restarted = versionCheck(page);
    await page.locator('.adm-dialog').getByRole('button', { name: 'Update now' }).click();
    expect(askedAs(await restarted)).toEqual({ version: '1.1.0', versionCode: 110 });
    await expect(page.locator('.app-tab-header h1')).toHaveText('Home');
    await expect(page.getByTestId('update-dialog')).toHaveCount(0);

    expect(askedAs(await startAgain(page))).toEqual({ version: '1.1.0', versionCode: 110 });
    await expect(page.getByTestId('update-dialog')).toHaveCount(0);
    await page.goto('./#/pages/myindex/setting');
    await expect(page.getByTestId('version-check')).toContainText('1.1.0');
  });
});

test('an app that came fresh from the server is already the published release: nothing is offered', async ({ page, operator }) => {
  await withSetting(operator, 'release', newer(true), async () => {
    const answered = page.waitForResponse((r) => r.url().includes('/api/login/versionUp'));
    await openFresh(page, '/');
    expect(((await (await answered).json()) as { data: { updateAvailable: boolean } }).data.updateAvailable).toBe(true);
    await expect(page.locator('.app-tab-header h1')).toHaveText('Home');
    await expect(page.getByTestId('update-dialog')).toHaveCount(0);

    await waitForShellWorker(page);
    expect(askedAs(await startAgain(page))).toEqual({ version: '1.1.0', versionCode: 110 });
    await expect(page.getByTestId('update-dialog')).toHaveCount(0);
  });
});

test('a forced update cannot be dismissed', async ({ page, operator }) => {
  await installApp(page);
  await withSetting(operator, 'release', newer(true), async () => {
    await startAgain(page);
    const dialog = page.locator('.adm-dialog');
    await expect(dialog).toContainText('This version is no longer supported');
    await expect(dialog.getByRole('button')).toHaveText(['Update now']);
    await page.mouse.click(20, 20);
    await expect(page.getByTestId('update-dialog')).toBeVisible();
    await saveScreenshot(page, 'update_forced');
  });
});
