import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, latestToast, test } from '../support/fixtures';
import { chasesOf, createQuickProject, disableProject, ordersOf, waitForOpenPeriod, type QuickProject, waitUntilOpen } from '../support/game';
import { fundedBy } from '../support/money';
import { openFresh } from '../support/open-app';
import { saveScreenshot } from '../support/screenshots';
import { signInNewAccount } from '../support/session';
import { openRechargeChannel } from '../support/settings';

/*
 * The player's side of chasing and the dice page's shortcuts, on a project of
 * 10-second periods that lock 3 seconds before the draw.
 */

let project: QuickProject;

test.beforeAll(async ({ operator }) => {
  project = await createQuickProject(operator, 'Chase dice');
  await openRechargeChannel(operator);
});

test.afterAll(async ({ operator }) => {
  await disableProject(operator, project);
});

const dicePath = () => `/pages/game/dice?project=${project.id}`;
const CHASES_PATH = '/pages/game/take_notes/chases';
const DOCS = path.resolve(import.meta.dirname, '../../docs/screenshots');

/** Saves the screenshot once the fonts are in, and keeps a copy in the docs. */
async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await saveScreenshot(page, name);
  fs.mkdirSync(DOCS, { recursive: true });
  fs.copyFileSync(path.resolve(import.meta.dirname, '../screenshots', `${name}.png`), path.join(DOCS, `${name}.png`));
}

/** The amount in a money text, whatever currency symbol and grouping the app shows with it: "$1,200.50" → 1200.5. */
const amountIn = (text: string | null) => Number((text ?? '').match(/\d[\d,]*\.\d{2}/)?.[0].replaceAll(',', '') ?? Number.NaN);

/** Confirms the sheet; should its period have locked meanwhile, on the period it offers (the chase choice stays). */
async function confirmSheet(page: Page): Promise<void> {
  const sheet = page.getByTestId('confirm-sheet');
  const offer = sheet.getByTestId('confirm-new-period');
  if (await offer.isVisible()) await offer.click();
  await sheet.getByTestId('confirm-order').click();
}

/** Opens the confirm sheet on Triple 6 (a win is rare, so the chase runs its course) with the chase option on for 3 periods. */
async function openChaseSheet(page: Page) {
  await waitUntilOpen(page, 6);
  await page.getByTestId('group-tab-triple').click();
  await page.locator('[data-code="triple-6"]').click();
  await expect(page.getByTestId('slip-order')).toBeEnabled({ timeout: 15_000 });
  await page.getByTestId('slip-order').click();
  const sheet = page.getByTestId('confirm-sheet');
  await expect(sheet.getByTestId('chase-toggle')).toHaveAttribute('aria-checked', 'false');
  await sheet.getByTestId('chase-toggle').click();
  await expect(sheet.getByTestId('chase-periods')).toHaveValue('2');
  await sheet.getByTestId('chase-periods-increase').click();
  await expect(sheet.getByTestId('chase-periods')).toHaveValue('3');
  return sheet;
}

test('a chase of 3 periods from the confirm sheet: listed with each period, cancelled, its rest back in the balance', async ({ page, operator }) => {
  test.setTimeout(120_000);
  const account = await signInNewAccount(page, 'chaser');
  await fundedBy(account.token, operator, '200');
  await waitForOpenPeriod(account.token, project.id, 0);
  await page.goto(`./#${dicePath()}`);
  // The recharge pays a random number of cents more: the balance is read as the page shows it.
  await expect(page.getByTestId('slip-balance')).toHaveText(/200\.\d{2}/);
  const funded = amountIn(await page.getByTestId('slip-balance').textContent());

  const sheet = await openChaseSheet(page);
  // Stop on win is on by default; the sheet says what one period costs, the total, and which periods it covers.
  await expect(sheet.getByTestId('chase-stop-on-win')).toHaveAttribute('aria-checked', 'true');
  await expect(sheet.getByTestId('chase-per-period')).toHaveText(/1\.00/);
  await expect(sheet.getByTestId('confirm-total')).toHaveText(/3\.00/);
  const start = (await sheet.getByTestId('confirm-period').textContent()) ?? '';
  await expect(sheet.getByTestId('chase-covers')).toContainText(`3 periods: ${start} – `);
  await expect(sheet.getByTestId('confirm-countdown')).toHaveText(/^0:0\d$/);
  await shoot(page, 'chase-confirm-en');

  await confirmSheet(page);
  const started = page.getByTestId('chase-started');
  await expect(started).toContainText(/3 periods, \D*3\.00\D* reserved\./);
  const [chase] = await chasesOf(account.token);
  expect(chase!.periods.map((p) => p.periodNo)[0]! >= start).toBe(true);
  await expect(started).toContainText(chase!.chaseNo);
  await page.getByRole('button', { name: 'See chases' }).click();

  // The chase list: start period, periods done of 3, stop on win, amounts; opened, each period's state.
  const record = page.getByTestId('record').filter({ hasText: chase!.chaseNo });
  await expect(record.getByTestId('chase-state')).toHaveText('Running');
  await expect(record.getByTestId('chase-start')).toHaveText(chase!.periods[0]!.periodNo);
  await expect(record.getByTestId('chase-done')).toHaveText(/^\d of 3$/);
  await expect(record.getByTestId('chase-per-period')).toHaveText(/1\.00/);
  await record.getByTestId('chase-periods').locator('summary').click();
  const periods = record.getByTestId('chase-period');
  await expect(periods).toHaveCount(3);
  await expect(periods.last()).toHaveAttribute('data-state', 'waiting');
  await expect(periods.last().getByTestId('chase-period-state')).toHaveText('Waiting');
  await shoot(page, 'chase-list-en');

  // Cancel what still waits: confirmed first, then the amount returned is told and lands in the balance.
  await record.getByTestId('chase-cancel').click();
  await page.getByRole('button', { name: 'Cancel chase' }).click();
  await expect(latestToast(page)).toHaveText(/^Chase cancelled: \D*\d+\.\d{2}\D* returned to your balance\.$/);
  const returned = amountIn(await latestToast(page).textContent()).toFixed(2);
  expect(Number(returned)).toBeGreaterThanOrEqual(1);
  await expect(record.getByTestId('chase-cancel')).toBeHidden();
  await expect(record.getByTestId('chase-returned')).toHaveText(new RegExp(returned.replace('.', '\\.')));
  await expect(periods.filter({ has: page.locator('[data-testid="chase-period-state"]', { hasText: 'Cancelled' }) })).toHaveCount(Math.round(Number(returned)));

  // The balance: as funded − 3 reserved + what came back (+ whatever a drawn period paid, rarely anything on Triple 6).
  await page.goto(`./#${dicePath()}`);
  await expect
    .poll(async () => {
      const [now] = await chasesOf(account.token);
      const expected = (funded - 3 + Number(now!.returned) + Number(now!.payout)).toFixed(2);
      return amountIn(await page.getByTestId('slip-balance').textContent()).toFixed(2) === expected;
    })
    .toBe(true);
});

test('random pick, the last bet again, and orders into the next period while the one shown is locked', async ({ page, operator }) => {
  test.setTimeout(120_000);
  const account = await signInNewAccount(page, 'picker');
  await fundedBy(account.token, operator, '100');
  await waitForOpenPeriod(account.token, project.id, 0);
  await page.goto(`./#${dicePath()}`);
  await expect(page.getByTestId('slip-balance')).toHaveText(/100\.\d{2}/);

  // Random pick: one option of the tab shown, for the user to confirm; nothing is ordered.
  await page.getByTestId('group-tab-sum').click();
  await page.getByTestId('random-pick').click();
  await expect(page.getByTestId('slip-count')).toHaveText('Selected: 1');
  const picked = page.locator('[data-testid="option"][aria-pressed="true"]');
  await expect(picked).toHaveCount(1);
  expect(await picked.getAttribute('data-code')).toMatch(/^sum-\d+$/);
  expect(await ordersOf(account.token, project.id)).toEqual([]);

  // The last bet: Big and Sum 9, two each, ordered; the slip emptied; repeat brings both back.
  await page.getByTestId('slip-clear').click();
  await page.locator('[data-code="sum-9"]').click();
  await page.getByTestId('group-tab-basic').click();
  await page.locator('[data-code="big"]').click();
  await page.getByTestId('quantity-increase').click();
  await waitUntilOpen(page, 4);
  await page.getByTestId('slip-order').click();
  const sheet = page.getByTestId('confirm-sheet');
  await sheet.getByTestId('confirm-order').click();
  await expect(latestToast(page)).toHaveText('Order placed');
  await expect(page.getByTestId('slip-count')).toHaveText('Selected: 0');
  await page.getByTestId('quantity-decrease').click();
  await page.getByTestId('repeat-last').click();
  await expect(page.getByTestId('slip-count')).toHaveText('Selected: 2');
  await expect(page.getByTestId('quantity')).toHaveValue('2');
  await expect(page.locator('[data-testid="option"][aria-pressed="true"]')).toHaveAttribute('data-code', 'big');
  await page.getByTestId('group-tab-sum').click();
  await expect(page.locator('[data-testid="option"][aria-pressed="true"]')).toHaveAttribute('data-code', 'sum-9');

  // The period locks while the sheet is open: the sheet says so and offers the next period.
  await page.getByTestId('slip-order').click();
  const first = (await sheet.getByTestId('confirm-period').textContent()) ?? '';
  await expect(sheet.getByTestId('confirm-closed')).toBeVisible({ timeout: 12_000 });
  const offer = sheet.getByTestId('confirm-new-period');
  await expect(offer).toHaveText(/^Order for period \d{12}$/);
  const offered = ((await offer.textContent()) ?? '').replace('Order for period ', '');
  expect(offered > first).toBe(true);
  await page.locator('.adm-popup-close-icon').click();
  await expect(sheet.locator('.adm-popup-body')).toBeHidden();

  // While a period is locked the slip orders into the next one, and says which.
  await expect(page.getByTestId('period-card')).toHaveAttribute('data-phase', 'locked', { timeout: 12_000 });
  const target = page.getByTestId('slip-target');
  await expect(target).toContainText(/orders now go into period \d{12}/);
  const next = ((await target.textContent()) ?? '').match(/\d{12}/)![0];
  await saveScreenshot(page, 'chase-next-period-en');
  const shown = (await page.getByTestId('period-no').textContent()) ?? '';
  expect(next > shown).toBe(true);
  await expect(page.getByTestId('slip-order')).toHaveText(`Order for ${next}`);
  await page.getByTestId('slip-order').click();
  await expect(sheet.getByTestId('confirm-period')).toHaveText(next);
  await sheet.getByTestId('confirm-order').click();
  await expect(latestToast(page)).toHaveText('Order placed');
  const periods = (await ordersOf(account.token, project.id)).map((order) => order.periodNo);
  expect(periods.filter((periodNo) => periodNo === next)).toHaveLength(2);
});

test('the chase sheet and the chase list in Arabic', async ({ page, operator }) => {
  test.setTimeout(90_000);
  const account = await signInNewAccount(page, 'chasear');
  await fundedBy(account.token, operator, '50');
  await waitForOpenPeriod(account.token, project.id, 0);
  await openFresh(page, dicePath(), { lang: 'ar' });
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await openChaseSheet(page);
  await shoot(page, 'chase-confirm-ar');
  await confirmSheet(page);
  await expect(page.getByTestId('chase-started')).toBeVisible();
  // The chase list is reached from the order records too.
  await openFresh(page, '/pages/game/take_notes', { lang: 'ar' });
  await saveScreenshot(page, 'chase-order-records-ar');
  await page.getByTestId('to-chases').click();
  await expect(page).toHaveURL(new RegExp(`#${CHASES_PATH}$`));
  const record = page.getByTestId('record').first();
  await record.getByTestId('chase-periods').locator('summary').click();
  await expect(record.getByTestId('chase-period')).toHaveCount(3);
  await shoot(page, 'chase-list-ar');
});
