import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { appCall, registerAccount, type Account } from '../support/api';
import { isBlocking, violationsOn } from '../support/axe';
import { expect, latestToast, test, FAILED_CALL } from '../support/fixtures';
import { submitAgain } from '../support/forms';
import { waitForOpenPeriod, waitUntilOpen } from '../support/game';
import { fundedBy, recharge, shownAmount } from '../support/money';
import { openFresh } from '../support/open-app';
import { saveScreenshot } from '../support/screenshots';
import { openRechargeChannel } from '../support/settings';

/*
 * Player protection (PRODUCT §12) in the browser: limits set on the Play
 * responsibly page and a recharge refused past them, a self-exclusion that
 * the dice page then answers, the reality check after its interval, and the
 * statement as a CSV file.
 */

const PROTECTION = '/pages/myindex/protection';
/** The first-start project with one-minute periods: open 50 seconds of each minute. */
const PROJECT = 'fast3-1m';
const SCREENSHOTS = path.resolve(import.meta.dirname, '../screenshots');
const DOCS = path.resolve(import.meta.dirname, '../../docs/screenshots');

const title = (page: Page) => page.locator('.adm-nav-bar-title');
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const limitRow = (page: Page, kind: 'deposit' | 'loss', period: 'day' | 'week' | 'month') => page.getByTestId(`limit-${kind}-${period}`);

/** Opens `route` as the account, in `lang`, the way the user comes back to the app. */
async function openAs(page: Page, account: Account, route: string, lang: 'en' | 'ar' = 'en'): Promise<void> {
  await openFresh(page, route, { token: account.token, lang });
  await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
}

/** Kept in the repository's docs as well as among the run's screenshots. */
async function shootForDocs(page: Page, name: string, fullPage = false): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await saveScreenshot(page, name, { fullPage });
  fs.mkdirSync(DOCS, { recursive: true });
  fs.copyFileSync(path.join(SCREENSHOTS, `${name}.png`), path.join(DOCS, `${name}.png`));
}

/** A signed call of the account that must succeed, for setting up what a test starts from. */
async function callAs(account: Account, call: string, fields: Record<string, unknown>): Promise<void> {
  const answer = await appCall(call, fields, account.token);
  if (answer.code !== 200) throw new Error(`${call} failed: ${answer.code} ${answer.mess}`);
}

test('a deposit limit set on Play responsibly refuses a recharge past it, with what is left and the way back to the limits', async ({ page, operator, browserErrors }) => {
  browserErrors.expect(FAILED_CALL);
  await openRechargeChannel(operator);
  const account = await registerAccount('limits');

  // From Mine to the page: no limit yet.
  await openAs(page, account, '/pages/myindex/user');
  await page.getByTestId('menu-protection').click();
  await expect(title(page)).toHaveText('Play responsibly');
  const day = limitRow(page, 'deposit', 'day');
  await expect(day.getByTestId('limit-amount')).toHaveText('No limit');

  // A new limit applies at once.
  await day.getByTestId('limit-change').click();
  await field(page, 'Amount ($ USD)').fill('100');
  await saveScreenshot(page, 'protection-limit-editor-en');
  await day.getByTestId('limit-save').click();
  await expect(latestToast(page)).toHaveText('Saved');
  await expect(day.getByTestId('limit-amount')).toHaveText(shownAmount('100.00'));
  await expect(day.getByTestId('limit-used')).toHaveText(shownAmount('0.00'));

  // A higher one waits 24 hours, and saving the one in force again cancels it.
  await day.getByTestId('limit-change').click();
  await field(page, 'Amount ($ USD)').fill('250');
  await day.getByTestId('limit-save').click();
  await expect(latestToast(page)).toHaveText(/^Saved\. It applies from .+\.$/);
  await expect(day.getByTestId('limit-amount')).toHaveText(shownAmount('100.00'));
  await expect(day.getByTestId('limit-pending')).toContainText(`Becomes ${shownAmount('250.00')} on `);
  await day.getByTestId('limit-cancel-pending').click();
  await expect(latestToast(page)).toHaveText('Change cancelled: the current limit stays.');
  await expect(day.getByTestId('limit-pending')).toHaveCount(0);

  // A recharge past it: the server's words, what is left in the window, and the way back.
  await page.goto('./#/pages/money/recharge');
  await expect(title(page)).toHaveText('Recharge');
  await field(page, 'Amount ($ USD)').fill('150');
  await page.getByTestId('recharge-submit').click();
  const refusal = page.getByTestId('recharge-refusal');
  await expect(refusal).toContainText('This recharge would pass a deposit limit you set.');
  await expect(refusal.getByTestId('refusal-detail')).toHaveText(`Your deposit limit for 24 hours allows ${shownAmount('100.00')} more.`);
  await expect(latestToast(page)).toBeHidden();
  await saveScreenshot(page, 'protection-recharge-refused-en');
  await refusal.getByTestId('refusal-link').click();
  await expect(title(page)).toHaveText('Play responsibly');

  // Within it the recharge goes through, and the window holds it.
  await page.goBack();
  await expect(title(page)).toHaveText('Recharge');
  await field(page, 'Amount ($ USD)').fill('60');
  await page.getByTestId('recharge-submit').click();
  await expect(page.getByTestId('recharge-confirmation')).toBeVisible();
  await openAs(page, account, PROTECTION);
  await expect(limitRow(page, 'deposit', 'day').getByTestId('limit-used')).toHaveText(shownAmount('60.00'));
});

test('a self-exclusion confirmed with the login password: the page says until when, and the dice page refuses an order with the break’s message', async ({ page, operator, browserErrors }) => {
  test.setTimeout(120_000);
  browserErrors.expect(FAILED_CALL);
  await openRechargeChannel(operator);
  const account = await registerAccount('excluded');
  await fundedBy(account.token, operator, '50');

  await openAs(page, account, PROTECTION);
  const card = page.getByTestId('exclusion-card');
  await expect(card.getByTestId('exclusion-submit')).toBeDisabled();
  await card.getByTestId('exclusion-months-6').click();
  await expect(card.getByTestId('exclusion-months-6')).toHaveAttribute('aria-checked', 'true');
  await expect(card.getByTestId('exclusion-months-6')).toHaveText('6 months');

  // A wrong password: asked first, then refused under the field, and nothing starts.
  await field(page, 'Login password').fill('not-my-password');
  await card.getByTestId('exclusion-submit').click();
  const dialog = page.locator('.adm-dialog');
  await expect(dialog).toContainText('Exclude yourself from play?');
  await expect(dialog).toContainText('You will not be able to recharge, order or chase for 6 months.');
  await dialog.getByRole('button', { name: 'Yes, exclude me' }).click();
  await expect(card.locator('.app-field-error')).toHaveText('The password is wrong.');
  await expect(page.getByTestId('break-notice')).toHaveCount(0);

  // Cancelling the confirmation changes nothing either.
  await field(page, 'Login password').fill(account.password);
  await card.getByTestId('exclusion-submit').click();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('break-notice')).toHaveCount(0);

  await card.getByTestId('exclusion-submit').click();
  await expect(dialog).toContainText('Nobody can lift it sooner: not you, not customer service.');
  await dialog.getByRole('button', { name: 'Yes, exclude me' }).click();
  await expect(latestToast(page)).toHaveText('Your self-exclusion has started');
  const notice = page.getByTestId('break-notice');
  await expect(notice).toContainText(/^You are on a break from play until .+\./);
  await expect(notice).toContainText('withdrawals and your records stay open');
  await expect(latestToast(page)).toBeHidden();
  await notice.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'protection-break-en');

  // The dice page takes the order up to the server, which refuses it for the break.
  await waitForOpenPeriod(account.token, PROJECT, 10);
  await page.goto(`./#/pages/game/dice?project=${PROJECT}`);
  await waitUntilOpen(page, 8, 70_000);
  await page.getByTestId('option').filter({ hasText: /^Big/ }).click();
  await page.getByTestId('slip-order').click();
  const sheet = page.getByTestId('confirm-sheet');
  await sheet.getByTestId('confirm-order').click();
  const failure = sheet.getByTestId('confirm-failure');
  await expect(failure).toContainText('You are taking a break from play. Recharges, orders and chases are closed until it ends');
  await expect(failure.getByTestId('refusal-detail')).toHaveText(/^You are on a break from play until .+\.$/);
  await saveScreenshot(page, 'protection-order-refused-en');
  await failure.getByTestId('refusal-link').click();
  await expect(title(page)).toHaveText('Play responsibly');
  await expect(page.getByTestId('break-notice')).toBeVisible();
});

/**
 * Holds the reminder's download until released. The phone's clock runs a
 * quarter of an hour ahead once time is moved on, and the server refuses a
 * call signed more than 5 minutes off its own: the reminder asks for its
 * figures only once the clock is back.
 */
async function holdReminder(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    '**/reality-check-dialog-*.js',
    async (route) => {
      await released;
      await route.continue();
    },
    { times: 1 },
  );
  return release;
}

/** Puts the phone's clock back to the time the server keeps, so the app's calls are signed in time again. */
const clockBack = (page: Page) => page.clock.setSystemTime(Date.now());

/** The reminder last fallen due in this tab, as the app keeps it the moment one does (null: none yet). */
const lastReminder = (page: Page) => page.evaluate(() => sessionStorage.getItem('reality_check_shown'));

const realityCheckAnswer = (page: Page) => page.waitForResponse((response) => response.url().endsWith('/api/user/realityCheck'));

test('the reality check shows after the chosen interval since sign-in, not twice for one interval across a reload, and logs out', async ({ page, browserErrors }) => {
  // A call the app signs while the page's clock stands 15 or 30 minutes ahead is refused (the signature's time window): 403.
  browserErrors.expect(/Failed to load resource: the server responded with a status of 403/);
  const account = await registerAccount('reality');
  await page.clock.install();
  await openAs(page, account, PROTECTION);
  const every15 = page.getByTestId('reality-check-minutes-15');
  await expect(page.getByTestId('reality-check-minutes-0')).toHaveAttribute('aria-checked', 'true');
  // The reminder asks for its schedule again once the interval is saved; time moves only after that answer.
  const rescheduled = realityCheckAnswer(page);
  await every15.click();
  await rescheduled;
  await expect(latestToast(page)).toHaveText('Saved');
  await expect(every15).toHaveAttribute('aria-checked', 'true');

  const reminder = page.getByTestId('reality-check');
  let release = await holdReminder(page);
  await page.clock.fastForward('14:00');
  expect(await lastReminder(page)).toBeNull();
  await page.clock.fastForward('01:00');
  const firstShown = await lastReminder(page);
  expect(firstShown).not.toBeNull();
  await clockBack(page);
  release();
  await expect(reminder).toBeVisible();
  await expect(reminder.getByTestId('reality-elapsed')).toHaveText('15 minutes');
  await expect(reminder.getByTestId('reality-ordered')).toHaveText(shownAmount('0.00'));
  await expect(reminder.getByTestId('reality-net')).toHaveText(shownAmount('0.00'));
  await shootForDocs(page, 'reality-check-en');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(reminder).toBeHidden();

  // A reload counts on from sign-in: the interval already shown does not come again, the next one does. Time moves
  // in two steps, so a first interval shown again would fall due at the first and say 15 minutes, not 30.
  const scheduled = realityCheckAnswer(page);
  await page.reload();
  await scheduled;
  await expect(title(page)).toHaveText('Play responsibly');
  release = await holdReminder(page);
  await page.clock.fastForward('15:00');
  await page.clock.fastForward('15:00');
  expect(await lastReminder(page)).not.toBe(firstShown);
  await clockBack(page);
  release();
  await expect(reminder).toBeVisible();
  await expect(reminder.getByTestId('reality-elapsed')).toHaveText('30 minutes');

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(title(page)).toHaveText('Log in');
  await expect(latestToast(page)).toHaveText('You have logged out');
  await expect(reminder).toHaveCount(0);
});

test('the statement downloads as a CSV file of the chosen days, with the recharge in it', async ({ page, operator, browserErrors }) => {
  browserErrors.expect(FAILED_CALL);
  await openRechargeChannel(operator);
  const account = await registerAccount('export');
  const funded = await fundedBy(account.token, operator, '88');

  await openAs(page, account, '/pages/money/statement');
  await page.getByTestId('statement-download').click();
  const from = field(page, 'From');
  const to = field(page, 'To');
  // The last 30 days by the phone's calendar, today included.
  const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
  const monthAgo = await page.evaluate(() => {
    const now = new Date();
    return new Date(now.getFullYear(), now.getMonth(), now.getDate() - 29).toLocaleDateString('en-CA');
  });
  await expect(from).toHaveValue(monthAgo);
  await expect(to).toHaveValue(today);
  await saveScreenshot(page, 'statement-download-en');

  // An end before the start is said under the end, before anything is asked.
  await to.fill(monthAgo);
  await from.fill(today);
  await page.getByTestId('statement-export-submit').click();
  await expect(page.getByText('The end must not be before the start.')).toBeVisible();
  await from.fill(monthAgo);
  await to.fill(today);

  const downloading = page.waitForEvent('download');
  await submitAgain(page, 'statement-export-submit');
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`statement-${monthAgo}-${today}.csv`);
  const file = fs.readFileSync(await download.path());
  expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...lines] = file.subarray(3).toString('utf8').split(/\r?\n/);
  expect(header).toBe('time,kind,account,amount,balance_after,reference');
  const credited = lines.find((line) => line.includes(funded.orderNo));
  expect(credited).toContain('recharge_approved');
  expect(credited).toContain(funded.payAmount);
  await expect(latestToast(page)).toHaveText('Statement downloaded');
  await expect(page.getByTestId('statement-download')).toBeVisible();
});

test.describe('the Play responsibly page as a phone shows it', () => {
  // axe-core is injected as a script, which the app's script policy would refuse.
  test.use({ bypassCSP: true });

  for (const lang of ['en', 'ar'] as const) {
    test(`with limits, a change waiting and some use, in ${lang}, with nothing axe-core finds serious`, async ({ page, operator }) => {
      await openRechargeChannel(operator);
      const account = await registerAccount(`shots${lang}`);
      await callAs(account, '/api/user/limits/save', { kind: 'deposit', period: 'day', amount: '200.00' });
      await callAs(account, '/api/user/limits/save', { kind: 'deposit', period: 'week', amount: '500.00' });
      await callAs(account, '/api/user/limits/save', { kind: 'deposit', period: 'week', amount: '800.00' });
      await callAs(account, '/api/user/limits/save', { kind: 'loss', period: 'month', amount: '300.00' });
      await callAs(account, '/api/user/limits/save', { kind: 'realityCheck', minutes: 30 });
      await recharge(account.token, '120');

      await openAs(page, account, PROTECTION, lang);
      await expect(limitRow(page, 'deposit', 'week').getByTestId('limit-pending')).toBeVisible();
      await expect(limitRow(page, 'deposit', 'day').getByTestId('limit-used')).toHaveText(shownAmount('120.00', lang));
      await expect(page.getByTestId('reality-check-minutes-30')).toHaveAttribute('aria-checked', 'true');
      await shootForDocs(page, `protection-${lang}`, true);

      const blocking = (await violationsOn(page)).filter(isBlocking);
      expect(blocking, `axe-core on the Play responsibly page in ${lang}`).toEqual([]);
    });
  }
});
