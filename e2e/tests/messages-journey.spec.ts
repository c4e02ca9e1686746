import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { codeSentTo, registerAccount, uniqueName, type Account } from '../support/api';
import { expect, latestToast, test } from '../support/fixtures';
import { fundedBy, recharge } from '../support/money';
import { openFresh } from '../support/open-app';
import { saveScreenshot } from '../support/screenshots';
import { E2E_CAPTCHA_ANSWER } from '../support/server';
import { openRechargeChannel } from '../support/settings';

/*
 * Messages and contact (PRODUCT §12) in the browser: an approved recharge
 * waits as an unread message behind the bell, reading it clears the mark; a
 * user without a contact is reminded on Mine, binds an e-mail, and resets a
 * forgotten password with it.
 */

const SCREENSHOTS = path.resolve(import.meta.dirname, '../screenshots');
const DOCS = path.resolve(import.meta.dirname, '../../docs/screenshots');

const title = (page: Page) => page.locator('.adm-nav-bar-title');
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** Opens `route` as the account, in `lang`, the way the user comes back to the app. */
async function openAs(page: Page, account: Account, route: string, lang: 'en' | 'ar' = 'en'): Promise<void> {
  await openFresh(page, route, { token: account.token, lang });
  await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
}

/** Kept in the repository's docs as well as among the run's screenshots. */
async function shootForDocs(page: Page, name: string, docName: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await saveScreenshot(page, name);
  fs.mkdirSync(DOCS, { recursive: true });
  fs.copyFileSync(path.join(SCREENSHOTS, `${name}.png`), path.join(DOCS, docName));
}

test('an approved recharge waits behind the bell as an unread message; opening it clears the mark and shows the record', async ({ page, operator }) => {
  await openRechargeChannel(operator);
  const account = await registerAccount('inbox');
  const recharge = await fundedBy(account.token, operator, '88');

  await openAs(page, account, '/');
  const bell = page.getByTestId('messages-bell');
  await expect(bell.getByTestId('messages-unread')).toHaveText('1');
  await saveScreenshot(page, 'messages-bell-home-en');
  await bell.click();
  await expect(title(page)).toHaveText('Messages');
  const message = page.getByTestId('message-item').filter({ hasText: 'Recharge credited' });
  await expect(message).toHaveAttribute('data-unread', 'true');
  await expect(message.getByTestId('message-unread-dot')).toBeVisible();
  await expect(message).toContainText(`Your recharge ${recharge.orderNo} of ${recharge.payAmount} was approved and is in your balance.`);
  await expect(page.getByText('1 unread')).toBeVisible();
  await saveScreenshot(page, 'messages-unread-en');

  await message.click();
  await expect(title(page)).toHaveText('Recharge records');
  await page.goBack();
  await expect(title(page)).toHaveText('Messages');
  await expect(page.getByTestId('message-item').first()).toHaveAttribute('data-unread', 'false');
  await expect(page.getByTestId('messages-read-all')).toHaveCount(0);

  // Neither bell has anything left to count.
  await page.goBack();
  await expect(page.locator('.app-tab-header h1')).toHaveText('Home');
  await expect(page.getByTestId('messages-bell')).toBeVisible();
  await expect(page.getByTestId('messages-unread')).toHaveCount(0);
  await page.locator('.app-tab-bar .adm-tab-bar-item').filter({ hasText: 'Mine' }).click();
  await expect(page.getByTestId('profile-username')).toHaveText(account.username);
  await expect(page.getByTestId('messages-bell')).toBeVisible();
  await expect(page.getByTestId('messages-unread')).toHaveCount(0);

  // A second one, read with "mark all read".
  await fundedBy(account.token, operator, '12');
  await openAs(page, account, '/pages/myindex/user');
  await expect(page.getByTestId('messages-unread')).toHaveText('1');
  await page.getByTestId('messages-bell').click();
  await expect(page.getByTestId('message-item')).toHaveCount(2);
  await page.getByTestId('messages-read-all').click();
  await expect(latestToast(page)).toHaveText('All messages marked as read');
  await expect(page.locator('[data-testid="message-item"][data-unread="true"]')).toHaveCount(0);
});

test('a user without a contact is reminded on Mine, binds an e-mail, signs out and resets the password with it', async ({ page, operator }) => {
  test.setTimeout(60_000);
  const account = await registerAccount('binder');
  const email = `${uniqueName('bind').toLowerCase()}@example.com`;
  const newPassword = 'fresh789';

  await openAs(page, account, '/pages/myindex/user');
  const reminder = page.getByTestId('contact-reminder');
  await expect(reminder).toContainText('Without one, a forgotten password cannot be reset.');
  await reminder.click();
  await expect(title(page)).toHaveText('E-mail or mobile');
  await expect(page.getByTestId('contact-current')).toHaveText('No e-mail or mobile is bound to this account yet.');

  await field(page, 'New e-mail or mobile').fill(email);
  await field(page, 'Picture code').fill(E2E_CAPTCHA_ANSWER);
  const send = page.getByTestId('contact-send-code');
  await send.click();
  await expect(latestToast(page)).toHaveText('The code has been sent');
  await expect(send).toHaveText(/^Retry in \d+ s$/);
  await field(page, 'Verification code').fill(await codeSentTo(operator, email));
  await field(page, 'Login password').fill(account.password);
  await page.getByTestId('contact-submit').click();
  await expect(latestToast(page)).toHaveText('Bound. A forgotten password can now be reset with it.');
  await expect(page.getByTestId('profile-username')).toHaveText(account.username);
  await expect(page.getByTestId('contact-reminder')).toHaveCount(0);
  await expect(latestToast(page)).toBeHidden();

  // Signed out, the password forgotten: a code to the e-mail just bound.
  await page.locator('.app-menu .adm-list-item').filter({ hasText: /^Settings$/ }).click();
  await page.getByTestId('logout').click();
  await page.locator('.adm-dialog').getByRole('button', { name: 'Log out' }).click();
  await expect(title(page)).toHaveText('Log in');
  await expect(latestToast(page)).toBeHidden();
  await page.getByTestId('forgot-password').click();
  await expect(title(page)).toHaveText('Forgot password');
  await field(page, 'Username').fill(account.username);
  await field(page, 'Picture code').fill(E2E_CAPTCHA_ANSWER);
  await page.getByTestId('reset-send-code').click();
  await expect(page.getByTestId('reset-send-code')).toHaveText(/^Retry in \d+ s$/);
  await expect(latestToast(page)).toBeHidden();
  await field(page, 'Verification code').fill(await codeSentTo(operator, email));
  await field(page, 'New password').fill(newPassword);
  await field(page, 'Confirm new password').fill(newPassword);
  await page.getByTestId('reset-submit').click();
  await expect(latestToast(page)).toHaveText('Password reset. Please log in with the new password.');
  await expect(title(page)).toHaveText('Log in');
  await expect(latestToast(page)).toBeHidden();

  await field(page, 'Username').fill(account.username);
  await field(page, 'Password').fill(newPassword);
  await page.getByTestId('login-submit').click();
  await expect(latestToast(page)).toHaveText('Login successful');
  await expect(page.locator('.app-tab-header h1')).toHaveText('Home');
});

for (const lang of ['en', 'ar'] as const) {
  test(`the message list and the contact screen, in ${lang}`, async ({ page, operator }) => {
    await openRechargeChannel(operator);
    const account = await registerAccount(`shots${lang}`);
    await fundedBy(account.token, operator, '120');
    const refused = await recharge(account.token, '35');
    await operator.call('/admin/api/recharges/review', { orderNo: refused.orderNo, approve: false, remark: 'Payment not received' });
    await openAs(page, account, '/pages/myindex/messages', lang);
    await expect(page.getByTestId('message-item')).toHaveCount(2);
    await expect(page.getByTestId('message-item').first()).toContainText('Payment not received');
    await shootForDocs(page, `messages-${lang}`, `messages-${lang}.png`);

    // On Mine: the bell counting both, and the reminder of an account without a contact.
    await openAs(page, account, '/pages/myindex/user', lang);
    await expect(page.getByTestId('messages-unread')).toHaveText('2');
    await expect(page.getByTestId('contact-reminder')).toBeVisible();
    await saveScreenshot(page, `messages-mine-${lang}`);

    await openAs(page, account, '/pages/myindex/contact', lang);
    await expect(page.getByTestId('contact-submit')).toBeVisible();
    await expect(page.getByTestId('captcha-image')).toBeVisible();
    if (lang === 'ar') await shootForDocs(page, 'contact-bind-ar', 'contact-bind-ar.png');
    else await saveScreenshot(page, 'contact-bind-en');
  });
}
