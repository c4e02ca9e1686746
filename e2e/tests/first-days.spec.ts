import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { appCall, codeSentTo, registerAccount, uniqueName } from '../support/api';
import { expect, latestToast, test, type OperatorBody, type OperatorClient, type OperatorResult, FAILED_CALL } from '../support/fixtures';
import { openFresh } from '../support/open-app';
import { saveScreenshot } from '../support/screenshots';
import { E2E_CAPTCHA_ANSWER, E2E_ROOT_INVITE_CODE } from '../support/server';
import { E2E_CHANNEL } from '../support/settings';
import { signInNewAccount } from '../support/session';

/* What a new user met in the first days: each of these was wrong once. */

const LANGS = ['en', 'ar'] as const;
type Lang = (typeof LANGS)[number];

const repoRoot = path.resolve(import.meta.dirname, '../..');
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(repoRoot, file), 'utf8')) as Record<string, Record<string, string>>;
const appText = (lang: Lang) => readJson(`apps/web/src/i18n/locales/${lang}.json`);
const serverText = (lang: Lang) => readJson(`packages/contract/src/messages/${lang}.json`);

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
/** Moves inside the app without a new load, as a tap on a link does: what the app keeps in memory stays. */
const goInApp = (page: Page, appPath: string) => page.evaluate((hash) => (location.hash = hash), `#${appPath}`);

type ShownChannel = OperatorResult<'/admin/api/settings'>['rechargeChannels'][number];
type Channel = NonNullable<OperatorBody<'/admin/api/settings/save'>['rechargeChannels']>[number];
/** A channel as the settings call shows it, in the save call's input: the fields the console's form sends, nothing more. */
const asInput = ({ id, name, kind, details, minAmount, maxAmount, randomDecimal, enabled }: ShownChannel): Channel => ({
  id,
  name,
  kind,
  details,
  minAmount,
  maxAmount,
  randomDecimal,
  enabled,
});
async function saveChannels(operator: OperatorClient, channels: Channel[]): Promise<void> {
  await operator.call('/admin/api/settings/save', { rechargeChannels: channels });
}

test('a channel the operator closes or opens shows so on the next visit of the recharge page, without waiting', async ({ page, operator }) => {
  const before = (await operator.call('/admin/api/settings', {})).rechargeChannels.map(asInput);
  const name = `Night desk ${uniqueName('c').slice(2)}`;
  // An open channel needs payment details: the ones the money journeys pay into.
  const added: Channel = { ...E2E_CHANNEL, id: `fd-${Date.now().toString(36)}`, name, enabled: true };
  await saveChannels(operator, [...before, added]);
  try {
    await signInNewAccount(page, 'chan');
    await openFresh(page, '/pages/money/recharge');
    const channel = page.getByTestId('channel').filter({ hasText: name });
    await expect(channel).toBeVisible();

    await saveChannels(operator, [...before, { ...added, enabled: false }]);
    await goInApp(page, '/pages/myindex/user');
    await expect(page.locator('.app-tab-header h1')).toBeVisible();
    await goInApp(page, '/pages/money/recharge');
    await expect(page.getByTestId('channel').first()).toBeVisible();
    await expect(channel).toHaveCount(0);

    await saveChannels(operator, [...before, added]);
    await goInApp(page, '/pages/myindex/user');
    await expect(page.locator('.app-tab-header h1')).toBeVisible();
    await goInApp(page, '/pages/money/recharge');
    await expect(channel).toBeVisible();
  } finally {
    await saveChannels(operator, before);
  }
});

for (const lang of LANGS) {
  test(`a picked file of the wrong type says which types are accepted (${lang})`, async ({ page, browserErrors }) => {
    browserErrors.expect(FAILED_CALL);
    const account = await signInNewAccount(page, `file${lang}`);
    await appCall('/api/user/update', { lang }, account.token);
    await openFresh(page, '/pages/myindex/user', { lang });
    const picker = page.getByTestId('avatar-file');

    // A text file: refused before it travels.
    await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(latestToast(page)).toHaveText(appText(lang)['upload']!['IMAGE_TYPE']!);
    await expect(latestToast(page)).toBeHidden();

    // Called .gif, but no picture: the server, which goes by the bytes, says the same in the user's language.
    await picker.setInputFiles({ name: 'holiday.gif', mimeType: 'image/gif', buffer: Buffer.from('this is not a picture') });
    await expect(latestToast(page)).toHaveText(serverText(lang)['field']!['IMAGE_TYPE']!);
    await expect(latestToast(page)).toContainText('PNG');
    await saveScreenshot(page, `first-days-wrong-file-${lang}`);
  });
}

test('registering with an e-mail asks for one picture code, and after a password reset the login form holds the account', async ({ page, operator }) => {
  test.setTimeout(60_000);
  const username = uniqueName('onepic');
  const email = `${username.toLowerCase()}@example.com`;

  await page.goto(`./#/pages/login/reg?code=${E2E_ROOT_INVITE_CODE}`);
  await field(page, 'Username').fill(username);
  await field(page, 'Password').fill('first123');
  await field(page, 'Payment password').fill('135790');
  await expect(page.getByTestId('captcha-image')).toBeVisible();
  await saveScreenshot(page, 'first-days-picture-code');
  await page.getByTestId('captcha-refresh').screenshot({ path: path.join(repoRoot, 'docs/screenshots/picture-code.png') });
  await field(page, 'Picture code').fill(E2E_CAPTCHA_ANSWER);
  await field(page, 'E-mail or mobile (optional)').fill(email);
  await page.getByTestId('register-send-code').click();
  await expect(latestToast(page)).toHaveText('The code has been sent');
  // The picture code is done: it is not asked again.
  await expect(field(page, 'Picture code')).toBeHidden();
  await field(page, 'Verification code').fill(await codeSentTo(operator, email));
  await page.getByTestId('agreement-link').click();
  const agreement = page.getByTestId('agreement-popup').locator('.adm-popup-body');
  await agreement.getByTestId('agreement-accept').click();
  await expect(agreement).toBeHidden();
  await expect(page.getByTestId('agree').locator('input')).toBeChecked();
  await saveScreenshot(page, 'first-days-register-code-sent-en', { fullPage: true });
  await page.getByTestId('register-submit').click();
  await expect(latestToast(page)).toHaveText('Registration successful');
  await expect(page.locator('.app-tab-header h1')).toHaveText('Home');

  // Signed out, the user forgets the password and resets it: the login form then holds the account.
  await page.evaluate(() => localStorage.removeItem('token'));
  await openFresh(page, '/pages/login/set');
  await field(page, 'Username').fill(username);
  await field(page, 'Picture code').fill(E2E_CAPTCHA_ANSWER);
  await page.getByTestId('reset-send-code').click();
  await expect(page.getByTestId('reset-send-code')).toHaveText(/^Retry in \d+ s$/);
  await field(page, 'Verification code').fill(await codeSentTo(operator, email));
  await field(page, 'New password').fill('second456');
  await field(page, 'Confirm new password').fill('second456');
  await page.getByTestId('reset-submit').click();
  await expect(page.locator('.adm-nav-bar-title')).toHaveText('Log in');
  await expect(field(page, 'Username')).toHaveValue(username);
  await expect(field(page, 'Password')).toHaveValue('');
});

for (const lang of LANGS) {
  test(`the whole start side of the nav bar goes back, on the reading side (${lang})`, async ({ page }) => {
    await signInNewAccount(page, `nav${lang}`);
    await openFresh(page, '/pages/money/recharge', { lang });
    const bar = page.locator('.app-nav-bar .adm-nav-bar');
    const back = page.locator('.app-nav-bar .adm-nav-bar-back');
    await expect(back).toBeVisible();
    const [barBox, backBox] = [await bar.boundingBox(), await back.boundingBox()];
    expect(barBox && backBox).toBeTruthy();
    expect(backBox!.height).toBeGreaterThanOrEqual(44);
    expect(backBox!.height).toBeCloseTo(barBox!.height, 0);
    expect(backBox!.width).toBeGreaterThanOrEqual(88);
    const middle = barBox!.x + barBox!.width / 2;
    expect(lang === 'ar' ? backBox!.x > middle : backBox!.x + backBox!.width < middle).toBe(true);
    await saveScreenshot(page, `first-days-nav-bar-${lang}`);

    // A tap far from the arrow, at the inner end of the area near the title, still goes back.
    const innerX = lang === 'ar' ? backBox!.x + 4 : backBox!.x + backBox!.width - 4;
    await page.mouse.click(innerX, backBox!.y + backBox!.height - 4);
    await expect(page).not.toHaveURL(/money\/recharge/);
  });
}

test('an account frozen while signed in lands on the login page with the frozen notice, not a toast per call', async ({ page, operator, browserErrors }) => {
  browserErrors.expect(FAILED_CALL);
  const account = await signInNewAccount(page, 'frzin');
  await page.goto('./#/pages/money/assets');
  await expect(page.getByTestId('assets-balance')).toBeVisible();
  const found = await operator.call('/admin/api/users', { q: account.username, page: 1, pageSize: 10 });
  await operator.call('/admin/api/users/freeze', { userId: found.items.find((user) => user.username === account.username)!.id, frozen: true });

  await goInApp(page, '/pages/money/statement');
  await expect(page.getByTestId('frozen-notice')).toBeVisible();
  await expect(page).toHaveURL(/#\/pages\/login\/login/);
  await expect(page.locator('.adm-toast-main')).toHaveCount(0);
});

for (const lang of LANGS) {
  test(`a frozen account is shown the way to customer service when it signs in (${lang})`, async ({ page, operator, browserErrors }) => {
    browserErrors.expect(FAILED_CALL);
    const account = await registerAccount(`frz${lang}`);
    const found = await operator.call('/admin/api/users', { q: account.username, page: 1, pageSize: 10 });
    const userId = found.items.find((user) => user.username === account.username)!.id;
    await operator.call('/admin/api/users/freeze', { userId, frozen: true });

    await openFresh(page, '/pages/login/login', { lang });
    await page.locator('input[autocomplete="username"]').fill(account.username);
    await page.locator('input[type="password"]').fill(account.password);
    await page.getByTestId('login-submit').click();
    const notice = page.getByTestId('frozen-notice');
    await expect(notice).toContainText(appText(lang)['firstDays']!['frozenTitle']!);
    // The notice is the answer: no toast says it again over the notice's button.
    await expect(page.locator('.adm-toast-main')).toHaveCount(0);
    await saveScreenshot(page, `first-days-frozen-${lang}`);
    await notice.getByTestId('customer-service').click();
    // The popup's own element has no box (its mask and body are fixed): its body is what shows.
    await expect(page.getByTestId('kefu-sheet').locator('.adm-popup-body')).toBeVisible();
  });
}
