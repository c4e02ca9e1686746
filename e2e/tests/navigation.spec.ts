import { expect, test } from '../support/fixtures';
import { signInNewAccount } from '../support/session';

test('the tab bar switches between the four tab pages', async ({ page }) => {
  await page.goto('./#/');
  const tabs = page.locator('.app-tab-bar .adm-tab-bar-item');
  await expect(tabs).toHaveText(['Home', 'Project', 'Activity', 'Mine']);
  await tabs.filter({ hasText: 'Project' }).click();
  await expect(page).toHaveURL(/#\/pages\/game\/dice$/);
  await tabs.filter({ hasText: 'Activity' }).click();
  await expect(page).toHaveURL(/#\/pages\/notice\/activity$/);
  await tabs.filter({ hasText: 'Mine' }).click();
  await expect(page).toHaveURL(/#\/pages\/myindex\/user$/);
  await expect(page.locator('.adm-tab-bar-item-active')).toHaveText('Mine');
});

test('back returns to the previous page when there is one', async ({ page }) => {
  await page.goto('./#/pages/myindex/user');
  await page.getByText('Settings', { exact: true }).click();
  await expect(page.locator('.adm-nav-bar-title')).toHaveText('Settings');
  await page.locator('.adm-nav-bar-back').click();
  await expect(page).toHaveURL(/#\/pages\/myindex\/user$/);
});

test('back on a page opened directly goes to its parent, not out of the app', async ({ page }) => {
  await signInNewAccount(page);
  await page.goto('./#/pages/myindex/password');
  await page.locator('.adm-nav-bar-back').click();
  await expect(page).toHaveURL(/#\/pages\/myindex\/setting$/);
  await page.locator('.adm-nav-bar-back').click();
  await expect(page).toHaveURL(/#\/pages\/myindex\/user$/);
});

test('a page whose code fails to load shows an error, and retry loads it', async ({ page, browserErrors }) => {
  browserErrors.expect(/Failed to load resource|Failed to fetch dynamically imported module/);
  await page.goto('./#/');
  await expect(page.locator('.app-tab-header h1')).toHaveText('Home');
  await page.route(/\/assets\/feedback-[^/]*\.js$/, (route) => route.abort());
  await page.evaluate(() => (window.location.hash = '#/pages/myindex/feedback'));
  await expect(page.getByText('This page could not be loaded')).toBeVisible();
  await page.unroute(/\/assets\/feedback-[^/]*\.js$/);
  await page.getByTestId('page-retry').click();
  await expect(page.getByTestId('sign-in-prompt')).toContainText('Log in to send feedback and read the replies.');
});

test('a slow page shows the loading indicator until it arrives', async ({ page }) => {
  await page.goto('./#/');
  await expect(page.locator('.app-tab-header h1')).toHaveText('Home');
  await page.route(/\/assets\/nolist-[^/]*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.evaluate(() => (window.location.hash = '#/pages/notice/nolist'));
  await expect(page.getByTestId('page-loading')).toBeVisible();
  await expect(page.getByTestId('notice-item').first()).toBeVisible();
  await expect(page.getByTestId('page-loading')).toHaveCount(0);
});

test('losing the network shows the banner, and it goes when the network is back', async ({ page, context }) => {
  await page.goto('./#/');
  await expect(page.locator('.app-tab-header h1')).toHaveText('Home');
  // The start-up calls finish first: a call cut off by going offline is a different story.
  await page.waitForLoadState('networkidle');
  await context.setOffline(true);
  await expect(page.getByTestId('offline-banner')).toHaveText('Network signal lost');
  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
});
