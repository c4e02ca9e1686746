import path from 'node:path';
import { verify } from '@node-rs/argon2';
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { appCall, codeSentTo, registerAccount, uniqueName } from '../support/api';
import { expect, latestToast, test, FAILED_CALL } from '../support/fixtures';
import { SUBMIT_THROTTLE_MS } from '../support/forms';
import { E2E_CAPTCHA_ANSWER, E2E_DATA_DIR, E2E_ROOT_INVITE_CODE } from '../support/server';

/*
 * The server takes 10 sign-in calls a minute from one address, and every call
 * here comes from 127.0.0.1: this file makes 9 (4 in the journey, 1 for
 * "remember", 4 for the captcha). A test that adds sign-ins belongs elsewhere.
 */

const toast = latestToast;
const title = (page: Page) => page.locator('.adm-nav-bar-title');
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function openTab(page: Page, name: string): Promise<void> {
  await page.locator('.app-tab-bar .adm-tab-bar-item').filter({ hasText: name }).click();
}

/** Taps the six digits on the number keyboard that slides up under the passcode boxes. */
async function typeOnKeyboard(page: Page, digits: string): Promise<void> {
  const keyboard = page.locator('.adm-number-keyboard');
  await expect(keyboard).toBeVisible();
  for (const digit of digits) await keyboard.getByRole('button', { name: digit, exact: true }).click();
}

/** The stored payment-password hash of an account, read straight from the test server's database. */
function storedPayPasswordHash(username: string): string {
  const db = new Database(path.join(E2E_DATA_DIR, 'wallet.sqlite'), { readonly: true });
  try {
    const row = db.prepare('select pay_password_hash from users where username = ?').get(username) as { pay_password_hash: string } | undefined;
    if (!row) throw new Error(`no user ${username}`);
    return row.pay_password_hash;
  } finally {
    db.close();
  }
}

test('a new user registers by invitation link, resets the password, logs in again and sets a new payment password', async ({ page, browserErrors, operator }) => {
  test.setTimeout(60_000);
  browserErrors.expect(FAILED_CALL);
  const username = uniqueName('journey');
  const email = `${username.toLowerCase()}@example.com`;
  const password = 'first123';
  const newPassword = 'second456';
  const payPassword = '135790';
  const newPayPassword = '246802';

  // Register through the invitation link someone shared.
  await page.goto(`./#/pages/login/reg?code=${E2E_ROOT_INVITE_CODE}`);
  await expect(title(page)).toHaveText('Register');
  await expect(field(page, 'Invitation code')).toHaveValue(E2E_ROOT_INVITE_CODE);
  await field(page, 'Username').fill(username);
  await field(page, 'Password').fill(password);
  await field(page, 'Payment password').fill(payPassword);
  await expect(page.getByTestId('captcha-image')).toBeVisible();
  await field(page, 'Picture code').fill(E2E_CAPTCHA_ANSWER);
  await field(page, 'E-mail or mobile (optional)').fill(email);

  const sendCode = page.getByTestId('register-send-code');
  await expect(sendCode).toHaveText('Get code');
  await sendCode.click();
  await expect(toast(page)).toHaveText('The code has been sent');
  await expect(sendCode).toHaveText(/^Retry in \d+ s$/);
  await expect(sendCode).toBeDisabled();
  // One picture code: the one that sent the code registers that contact too.
  await expect(field(page, 'Picture code')).toBeHidden();
  await field(page, 'Verification code').fill(await codeSentTo(operator, email));

  await page.getByTestId('agreement-link').click();
  const agreement = page.getByTestId('agreement-popup').locator('.adm-popup-body');
  await expect(agreement.locator('article')).toContainText(/\p{L}{3,}/u);
  await agreement.getByTestId('agreement-accept').click();
  await expect(agreement).toBeHidden();
  await expect(page.getByTestId('agree').locator('input')).toBeChecked();

  await page.getByTestId('register-submit').click();
  await expect(toast(page)).toHaveText('Registration successful');
  await expect(page).toHaveURL(/#\/$/);
  await expect(page.locator('.app-tab-header h1')).toHaveText('Home');

  // Mine shows the new account and its own invitation code.
  await openTab(page, 'Mine');
  await expect(page.getByTestId('profile-username')).toHaveText(username);
  await expect(page.getByTestId('invite-code')).toHaveText(/^[A-Z0-9]{8}$/);
  await expect(page.getByTestId('invite-code')).not.toHaveText(E2E_ROOT_INVITE_CODE);

  // Log out, after confirming.
  await page.locator('.app-menu .adm-list-item').filter({ hasText: /^Settings$/ }).click();
  await expect(title(page)).toHaveText('Settings');
  await page.getByTestId('logout').click();
  const dialog = page.locator('.adm-dialog');
  await expect(dialog).toContainText('Do you want to log out?');
  await dialog.getByRole('button', { name: 'Log out' }).click();
  await expect(toast(page)).toHaveText('You have logged out');
  await expect(page).toHaveURL(/#\/pages\/login\/login$/);
  await expect(title(page)).toHaveText('Log in');

  // Forgot password: with the picture's characters, a code to the bound e-mail; then the new password twice.
  await page.getByTestId('forgot-password').click();
  await expect(title(page)).toHaveText('Forgot password');
  await field(page, 'Username').fill(username);
  await field(page, 'Picture code').fill(E2E_CAPTCHA_ANSWER);
  const sendResetCode = page.getByTestId('reset-send-code');
  await sendResetCode.click();
  await expect(toast(page)).toHaveText('If the account has a bound e-mail address or mobile number, a code has been sent to it.');
  await expect(sendResetCode).toHaveText(/^Retry in \d+ s$/);
  await expect(field(page, 'Picture code')).toHaveValue('');
  await field(page, 'Verification code').fill(await codeSentTo(operator, email));
  await field(page, 'New password').fill(newPassword);
  await field(page, 'Confirm new password').fill(newPassword);
  await page.getByTestId('reset-submit').click();
  await expect(toast(page)).toHaveText('Password reset. Please log in with the new password.');
  await expect(title(page)).toHaveText('Log in');

  // The old password no longer works; the new one does.
  await field(page, 'Username').fill(username);
  await field(page, 'Password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(toast(page)).toHaveText('The username or password is wrong.');
  await expect(title(page)).toHaveText('Log in');
  // Read, then try again: the toast goes after 2 s (and the button takes one press per 500 ms).
  await expect(toast(page)).toBeHidden();
  await field(page, 'Password').fill(newPassword);
  await page.getByTestId('login-submit').click();
  await expect(toast(page)).toHaveText('Login successful');
  await expect(page.locator('.app-tab-header h1')).toHaveText('Home');
  // One toast at a time: the next step's toast must not meet this one on its way out.
  await expect(toast(page)).toBeHidden();

  // A new payment password, confirmed with the login password and typed twice on the number keyboard.
  await openTab(page, 'Mine');
  await expect(page.getByTestId('profile-username')).toHaveText(username);
  await page.locator('.app-menu .adm-list-item').filter({ hasText: /^Settings$/ }).click();
  await page.getByTestId('settings-pay-password').click();
  await expect(title(page)).toHaveText('Payment password');
  await field(page, 'Login password').fill(newPassword);
  const twice = page.getByTestId('pay-password-twice');
  await expect(twice).toContainText('Step 1 of 2 · Enter a new 6-digit payment password');
  await page.getByTestId('pay-password-first').click();
  await typeOnKeyboard(page, newPayPassword);
  await expect(twice).toContainText('Step 2 of 2 · Enter the same 6 digits again');
  await typeOnKeyboard(page, newPayPassword);
  await expect(twice).toContainText('New payment password entered');
  await page.getByTestId('pay-password-submit').click();
  await expect(toast(page)).toHaveText('Payment password changed');
  await expect(title(page)).toHaveText('Settings');

  // Through the API: the old login password is refused, the new one signs in...
  const withOld = await appCall('/api/login/sign_in', { username, password });
  expect(withOld.code).not.toBe(200);
  const withNew = await appCall<{ token: string }>('/api/login/sign_in', { username, password: newPassword });
  expect(withNew.code).toBe(200);
  // ...and the stored payment password is the new one, not the one chosen at registration.
  const payHash = storedPayPasswordHash(username);
  expect(await verify(payHash, newPayPassword)).toBe(true);
  expect(await verify(payHash, payPassword)).toBe(false);
});

test('"remember password" keeps the username, never the password, across logout and reload', async ({ page }) => {
  const account = await registerAccount('remember');
  await page.goto('./#/pages/login/login');
  const username = field(page, 'Username');
  const password = field(page, 'Password');
  // The browser's password manager keeps the password, through these hints.
  await expect(username).toHaveAttribute('autocomplete', 'username');
  await expect(password).toHaveAttribute('autocomplete', 'current-password');
  await expect(password).toHaveAttribute('type', 'password');

  const remember = page.getByTestId('remember-password');
  await expect(remember.locator('input')).not.toBeChecked();
  await username.fill(account.username);
  await password.fill(account.password);
  await remember.click();
  await expect(remember.locator('input')).toBeChecked();
  await page.getByTestId('login-submit').click();
  await expect(toast(page)).toHaveText('Login successful');
  await expect(page.locator('.app-tab-header h1')).toHaveText('Home');

  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
  expect(stored).toContain(account.username);
  expect(stored).not.toContain(account.password);

  await page.goto('./#/pages/myindex/setting');
  await page.getByTestId('logout').click();
  await page.locator('.adm-dialog').getByRole('button', { name: 'Log out' }).click();
  await expect(title(page)).toHaveText('Log in');
  await expect(username).toHaveValue(account.username);
  await expect(password).toHaveValue('');
  await expect(remember.locator('input')).toBeChecked();

  await page.reload();
  await expect(title(page)).toHaveText('Log in');
  await expect(username).toHaveValue(account.username);
  await expect(password).toHaveValue('');
  await expect(remember.locator('input')).toBeChecked();
  expect(await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }))).not.toContain(account.password);
});

test('three wrong passwords bring up the captcha; with its answer the right password signs in', async ({ page, browserErrors }) => {
  browserErrors.expect(FAILED_CALL);
  const account = await registerAccount('captcha');
  await page.goto('./#/pages/login/login');
  await field(page, 'Username').fill(account.username);
  const captchaField = field(page, 'Picture code');

  for (let attempt = 1; attempt <= 3; attempt++) {
    await expect(captchaField).toHaveCount(0);
    await field(page, 'Password').fill(`wrong${attempt}00`);
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/login/sign_in'));
    await page.getByTestId('login-submit').click();
    expect((await answer).status()).toBe(422);
    await expect(toast(page)).toHaveText('The username or password is wrong.');
    // Read, then try again: the toast goes after 2 s (and the button takes one press per 500 ms).
    await expect(toast(page)).toBeHidden();
  }

  await expect(captchaField).toBeVisible();
  await expect(page.getByTestId('captcha-image')).toBeVisible();
  // Without the answer the form does not even ask the server.
  await field(page, 'Password').fill(account.password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByText('Please enter the characters in the picture')).toBeVisible();

  await captchaField.fill(E2E_CAPTCHA_ANSWER);
  // A person types the answer slower than the button's throttle; the test has to wait for it.
  await page.waitForTimeout(SUBMIT_THROTTLE_MS);
  await page.getByTestId('login-submit').click();
  await expect(toast(page)).toHaveText('Login successful');
  await expect(page.locator('.app-tab-header h1')).toHaveText('Home');
});
