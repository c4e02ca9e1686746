import { expect, test } from '../support/fixtures';
import { saveScreenshot } from '../support/screenshots';
import { signInNewAccount } from '../support/session';

/** Every route of the seed, with the title it shows in English. */
const ROUTES: { path: string; title: string; tab?: boolean; signedIn?: boolean }[] = [
  { path: '/', title: 'Home', tab: true },
  { path: '/pages/login/login', title: 'Log in' },
  { path: '/pages/login/reg', title: 'Register' },
  { path: '/pages/login/set', title: 'Forgot password' },
  { path: '/pages/money/recharge', title: 'Recharge', signedIn: true },
  { path: '/pages/money/widht', title: 'Withdraw', signedIn: true },
  { path: '/pages/money/recharge_list', title: 'Recharge records', signedIn: true },
  { path: '/pages/money/widht_list', title: 'Withdrawal records', signedIn: true },
  { path: '/pages/money/assets', title: 'My assets', signedIn: true },
  { path: '/pages/money/statement', title: 'Statement', signedIn: true },
  { path: '/pages/game/dice', title: 'Dice', tab: true },
  { path: '/pages/game/take_notes', title: 'Order records' },
  { path: '/pages/notice/activity', title: 'Activities', tab: true },
  { path: '/pages/notice/index', title: 'Notices' },
  { path: '/pages/notice/nolist', title: 'Notices' },
  { path: '/pages/myindex/setting', title: 'Settings' },
  { path: '/pages/myindex/pass', title: 'Payment password', signedIn: true },
  { path: '/pages/myindex/password', title: 'Login password', signedIn: true },
  { path: '/pages/myindex/user', title: 'Mine', tab: true },
  { path: '/pages/myindex/feedback', title: 'Feedback' },
];

for (const route of ROUTES) {
  test(`${route.path} renders its title and content`, async ({ page }) => {
    if (route.signedIn) await signInNewAccount(page);
    await page.goto(`./#${route.path}`);
    const heading = route.tab ? page.locator('.app-tab-header h1') : page.locator('.adm-nav-bar-title');
    await expect(heading).toHaveText(route.title);
    await expect(page.locator('main')).not.toBeEmpty();
    await expect(page.locator('main')).toContainText(/\p{L}{3,}/u);
    await expect(page).toHaveTitle(`${route.title} · Wallet`);
    await expect(page.locator('.app-tab-bar')).toHaveCount(route.tab ? 1 : 0);
    await saveScreenshot(page, `route${route.path.replace(/\//g, '_') || '_home'}`);
  });
}

test('a signed-in page visited without a session goes to login and comes back after it', async ({ page }) => {
  await page.goto('./#/pages/myindex/password');
  await expect(page).toHaveURL(/#\/pages\/login\/login\?redirect=/);
  await expect(page.locator('.adm-nav-bar-title')).toHaveText('Log in');
});

test('the seed alias pages/component/index opens the home page', async ({ page }) => {
  await page.goto('./#/pages/component/index');
  await expect(page.locator('.app-tab-header h1')).toHaveText('Home');
  await expect(page).toHaveURL(/#\/$/);
});

test('an unknown route shows page not found with a way home', async ({ page }) => {
  await page.goto('./#/no/such/page');
  await expect(page.locator('.adm-nav-bar-title')).toHaveText('Page not found');
  await page.getByRole('button', { name: 'Go to home page' }).click();
  await expect(page.locator('.app-tab-header h1')).toHaveText('Home');
});
