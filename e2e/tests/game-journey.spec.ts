import type { Page } from '@playwright/test';
import { registerAccount } from '../support/api';
import { expect, latestToast, test, FAILED_CALL } from '../support/fixtures';
import { createQuickProject, disableProject, ordersOf, waitForOpenPeriod, type QuickProject, waitUntilOpen } from '../support/game';
import { fundedBy, shownAmount } from '../support/money';
import { saveScreenshot } from '../support/screenshots';
import { signInNewAccount } from '../support/session';
import { openRechargeChannel } from '../support/settings';

const title = (page: Page) => page.locator('.adm-nav-bar-title');

let project: QuickProject;

test.beforeAll(async ({ operator }) => {
  project = await createQuickProject(operator, 'Journey dice');
  await openRechargeChannel(operator);
});

test.afterAll(async ({ operator }) => {
  await disableProject(operator, project);
});

test('order three options, watch the draw, find the orders settled and verify the draw', async ({ page, operator }) => {
  test.setTimeout(120_000);
  const account = await signInNewAccount(page, 'dice');
  await fundedBy(account.token, operator, '200');
  await waitForOpenPeriod(account.token, project.id, 0);

  // The Project tab, on the quick project: its period, countdown and options with their odds.
  await page.goto(`./#/pages/game/dice?project=${project.id}`);
  await expect(page.locator('.app-tab-header h1')).toHaveText('Dice');
  await expect(page.getByTestId('project-tab-' + project.id)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('period-no')).toHaveText(/^\d{12}$/);
  await expect(page.getByTestId('option').filter({ hasText: 'Big' })).toContainText('×1.95');
  await expect(page.getByTestId('return-to-player')).toContainText('Return to player');
  await expect(page.getByTestId('slip-balance')).toHaveText(/^\$200\.\d0$/);
  const balance = ((await page.getByTestId('slip-balance').textContent()) ?? '').replace('$', '');

  // Big, small and any triple, two of each: whatever the dice, exactly one of them wins.
  await waitUntilOpen(page, 5);
  await page.getByTestId('option').filter({ hasText: /^Big/ }).click();
  await page.getByTestId('option').filter({ hasText: /^Small/ }).click();
  await page.getByTestId('group-tab-triple').click();
  await expect(page.getByTestId('group-rule')).toContainText('All three dice show the number');
  await page.locator('[data-code="any-triple"]').click();
  await expect(page.getByTestId('group-tab-basic').getByTestId('group-selected-count')).toHaveText('2');
  await page.getByTestId('quantity-increase').click();
  await expect(page.getByTestId('quantity')).toHaveValue('2');
  await expect(page.getByTestId('slip-count')).toHaveText('Selected: 3');
  await expect(page.getByTestId('slip-total')).toHaveText('$6.00');

  // The confirm sheet: each selection with its odds, the total and the balance after it.
  await page.getByTestId('slip-order').click();
  const sheet = page.getByTestId('confirm-sheet');
  await expect(sheet.getByTestId('confirm-selection')).toHaveCount(3);
  await expect(sheet.getByTestId('confirm-selection').first()).toContainText('Big');
  await expect(sheet.getByTestId('confirm-selection').first()).toContainText('×1.95');
  await expect(sheet.getByTestId('confirm-total')).toHaveText('$6.00');
  const after = (Number(balance) - 6).toFixed(2);
  await expect(sheet.getByTestId('confirm-balance-after')).toHaveText(shownAmount(after));
  const periodNo = (await sheet.getByTestId('confirm-period').textContent()) ?? '';
  await sheet.getByTestId('confirm-order').click();
  await expect(latestToast(page)).toHaveText('Order placed');
  await expect(sheet.locator('.adm-popup-body')).toBeHidden();
  await expect(page.getByTestId('slip-count')).toHaveText('Selected: 0');
  await expect(page.getByTestId('slip-balance')).toHaveText(shownAmount(after));

  // The period locks, then draws: its dice land as the newest result and the notification tells the payout.
  await expect(page.getByTestId('period-phase')).toHaveText('Waiting for the draw', { timeout: 15_000 });
  await expect(page.getByTestId('slip-order')).toBeDisabled();
  await saveScreenshot(page, 'game-journey-locked-en');
  const result = page.getByTestId('last-result');
  await expect(result).toHaveAttribute('data-period-no', periodNo, { timeout: 20_000 });
  const notification = page.getByTestId('draw-notification');
  await expect(notification).toBeVisible({ timeout: 10_000 });
  const dice = (await page.getByTestId('last-dice').getAttribute('data-dice')) ?? '';
  expect(dice).toMatch(/^[1-6],[1-6],[1-6]$/);
  // The headline is the net of the period: 6.00 ordered, and big or small paying 3.90 is a loss of 2.10; a triple pays more than was ordered.
  const triple = new Set(dice.split(',')).size === 1;
  const headline = triple ? /^You won \$\d+\.\d{2}$/ : `You lost ${shownAmount('2.10')}`;
  await expect(notification.getByTestId('net-headline')).toHaveText(headline);
  await expect(notification).toContainText(`Period ${periodNo}`);
  await expect(notification.getByTestId('notification-totals')).toContainText(`Ordered ${shownAmount('6.00')}`);
  await expect(page.getByTestId('my-result').getByTestId('net-headline')).toHaveText(headline);
  await expect(notification).toBeHidden({ timeout: 5_000 });

  // Order records: the three orders, settled with the dice; exactly one won.
  await page.getByTestId('to-orders').click();
  await expect(title(page)).toHaveText('Order records');
  await page.getByTestId('status-tab-audited').click();
  const orders = page.getByTestId('record').filter({ hasText: periodNo });
  await expect(orders).toHaveCount(3);
  await expect(orders.getByTestId('order-dice').first()).toHaveAttribute('data-dice', dice);
  await expect(orders.filter({ has: page.getByText('Won', { exact: true }) })).toHaveCount(1);
  await expect(orders.filter({ has: page.getByText('Lost', { exact: true }) })).toHaveCount(2);
  expect((await orders.getByTestId('order-option').allTextContents()).sort()).toEqual(['Any triple', 'Big', 'Small']);
  await expect(orders.filter({ has: page.getByText('Lost', { exact: true }) }).first().getByTestId('order-profit')).toHaveText('-$2.00');
  await expect(orders.filter({ has: page.getByText('Won', { exact: true }) }).getByTestId('order-profit')).toHaveText(/^\+\$\d+\.\d{2}$/);
  await page.getByTestId('status-tab-pending').click();
  await expect(page.getByTestId('record').filter({ hasText: periodNo })).toHaveCount(0);

  // History and fairness: the period with its seed, checked in the browser.
  await page.goto(`./#/pages/game/dice?project=${project.id}`);
  await page.getByTestId('to-history').click();
  await expect(title(page)).toHaveText('History and fairness');
  const drawn = page.getByTestId('drawn-period').filter({ hasText: periodNo });
  await expect(drawn.getByTestId('drawn-dice')).toHaveAttribute('data-dice', dice);
  await expect(drawn.getByTestId('server-seed')).toHaveText(/^[0-9a-f]{64}$/);
  await expect(drawn.getByTestId('seed-hash')).toHaveText(/^[0-9a-f]{64}$/);
  await drawn.getByTestId('verify').click();
  await expect(drawn.getByTestId('verdict')).toHaveAttribute('data-verdict', 'verified');
  await expect(drawn.getByTestId('verdict')).toContainText('✓');
  await expect(drawn.getByTestId('verdict-title')).toHaveText('Verified');
  await page.getByTestId('how-to-link').click();
  await expect(page.getByTestId('how-to-check')).toHaveAttribute('open', '');
  await expect(page.getByTestId('how-to-check')).toContainText('HMAC-SHA256');

  // The trend counts the drawn periods.
  await page.getByTestId('history-tab-trend').click();
  await expect(page.getByTestId('trend-over')).toContainText(/Over the last \d+ drawn periods/);
  await expect(page.getByTestId('trend-faces').getByTestId('trend-row')).toHaveCount(6);
  await expect(page.getByTestId('trend-sums').getByTestId('trend-row')).toHaveCount(16);
  await saveScreenshot(page, 'game-journey-trend-en', { fullPage: true });
});

test('without enough balance the confirm sheet says how much is missing and leads to recharge', async ({ page, browserErrors }) => {
  browserErrors.expect(FAILED_CALL);
  await signInNewAccount(page, 'broke');
  await page.goto(`./#/pages/game/dice?project=${project.id}`);
  await expect(page.getByTestId('slip-balance')).toHaveText('$0.00');
  await page.getByTestId('option').filter({ hasText: /^Odd/ }).click();
  await expect(page.getByTestId('slip')).toContainText('Balance too low');
  await waitUntilOpen(page, 2);
  await page.getByTestId('slip-order').click();
  const sheet = page.getByTestId('confirm-sheet');
  await expect(sheet.getByTestId('confirm-short')).toContainText(`Your balance is short by ${shownAmount('1.00')}.`);
  await expect(sheet.getByTestId('confirm-order')).toBeDisabled();
  await sheet.getByTestId('confirm-recharge').click();
  await expect(title(page)).toHaveText('Recharge');
  // The slip's own shortcut goes there too.
  await page.goBack();
  await page.getByTestId('option').filter({ hasText: /^Odd/ }).click();
  await expect(page.getByTestId('slip-recharge')).toHaveText('Balance too low');
  await page.getByTestId('slip-recharge').click();
  await expect(title(page)).toHaveText('Recharge');
});

test('a refusal of the server shows its own words in the confirm sheet, which stays open to try again', async ({ page, operator, browserErrors }) => {
  test.setTimeout(60_000);
  browserErrors.expect(FAILED_CALL);
  // Any option of this project may pay out at most 10.00 a period: one unit of sum 4 would pay 69.12.
  const limited = await createQuickProject(operator, 'Limited dice', '10.00');
  try {
    const account = await signInNewAccount(page, 'limited');
    await fundedBy(account.token, operator, '50');
    await page.goto(`./#/pages/game/dice?project=${limited.id}`);
    await page.getByTestId('group-tab-sum').click();
    await page.locator('[data-code="sum-4"]').click();
    await waitUntilOpen(page, 4);
    await page.getByTestId('slip-order').click();
    const sheet = page.getByTestId('confirm-sheet');
    await sheet.getByTestId('confirm-order').click();
    await expect(sheet.getByTestId('confirm-failure')).toHaveText(
      'This option has reached its limit for this period. Please choose another option, a smaller quantity, or the next period.',
    );
    await expect(sheet.locator('.adm-popup-body')).toBeVisible();
    await expect(sheet.getByTestId('confirm-order')).toBeEnabled();
    await expect(page.getByTestId('slip-count')).toHaveText('Selected: 1');
  } finally {
    await disableProject(operator, limited);
  }
});

test('an order whose answer was lost is asked again for its own period; the next period is only a new confirm', async ({ page, operator, browserErrors }) => {
  test.setTimeout(90_000);
  browserErrors.expect(FAILED_CALL);
  // The answers taken away below.
  browserErrors.expect(/net::ERR_/);
  const account = await signInNewAccount(page, 'retry');
  await fundedBy(account.token, operator, '50');
  await page.goto(`./#/pages/game/dice?project=${project.id}`);
  const sheet = page.getByTestId('confirm-sheet');

  /** Confirms Big in the open period, takes the answer away (after the server got the order, or before), and waits for the next period. */
  async function confirmWithoutAnswer(reachesServer: boolean): Promise<string> {
    // Time for the sheet to open and the order to reach the server well before the lock.
    await waitUntilOpen(page, 5);
    await page.getByTestId('option').filter({ hasText: /^Big/ }).click();
    await page.getByTestId('slip-order').click();
    const periodNo = (await sheet.getByTestId('confirm-period').textContent()) ?? '';
    await page.route(
      '**/api/game/order',
      async (route) => {
        if (reachesServer) await route.fetch();
        await route.abort('connectionreset');
      },
      { times: 1 },
    );
    await sheet.getByTestId('confirm-order').click();
    await expect(sheet.getByTestId('confirm-failure')).toHaveText('Could not reach the server. Please try again.');
    // The period locks and the next one opens under the sheet: the sheet stays on the order's period, and says so.
    await expect(page.getByTestId('period-no')).not.toHaveText(periodNo, { timeout: 20_000 });
    await expect(sheet.getByTestId('confirm-period')).toHaveText(periodNo);
    await expect(sheet.getByTestId('confirm-moved')).toHaveText(`This order is for period ${periodNo}. A new period has started since.`);
    await expect(sheet.getByTestId('confirm-order')).toBeEnabled();
    return periodNo;
  }

  // The server placed the order: the retry, the same request for the same period, answers that order.
  const placed = await confirmWithoutAnswer(true);
  await sheet.getByTestId('confirm-order').click();
  await expect(latestToast(page)).toHaveText('Order placed');
  await expect(sheet.locator('.adm-popup-body')).toBeHidden();
  expect((await ordersOf(account.token, project.id)).map((order) => order.periodNo)).toEqual([placed]);

  // The order never arrived: the retry is refused for its closed period, and the period open now is a new confirm.
  const missed = await confirmWithoutAnswer(false);
  await sheet.getByTestId('confirm-order').click();
  await expect(sheet.getByTestId('confirm-failure')).toHaveText('This period is closed for orders. Please order in the next period.');
  const next = sheet.getByTestId('confirm-new-period');
  await expect(next).toHaveText(/^Order for period \d{12}$/);
  const nextPeriodNo = ((await next.textContent()) ?? '').replace('Order for period ', '');
  expect(nextPeriodNo > missed).toBe(true);
  await saveScreenshot(page, 'game-journey-new-period-en');
  await next.click();
  await expect(sheet.getByTestId('confirm-period')).toHaveText(nextPeriodNo);
  await expect(sheet.getByTestId('confirm-moved')).toBeHidden();
  await sheet.getByTestId('confirm-order').click();
  await expect(latestToast(page)).toHaveText('Order placed');
  const periods = (await ordersOf(account.token, project.id)).map((order) => order.periodNo);
  expect(periods.sort()).toEqual([placed, nextPeriodNo].sort());
});

test('signed out, the game shows its options; ordering leads to the login page and back to the same project', async ({ page }) => {
  const account = await registerAccount('comeback');
  await page.goto(`./#/pages/game/dice?project=${project.id}`);
  await expect(page.getByTestId('sign-in-prompt')).toContainText('Log in to play');
  await page.getByTestId('group-tab-sum').click();
  await page.locator('[data-code="sum-9"]').click();
  await expect(page.getByTestId('slip-count')).toHaveText('Selected: 1');
  await expect(page.getByTestId('slip-order')).toHaveText('Log in to order');
  await page.getByTestId('slip-order').click();
  await expect(title(page)).toHaveText('Log in');
  await expect(page).toHaveURL((url) => url.hash.includes(`redirect=${encodeURIComponent(`/pages/game/dice?project=${project.id}`)}`));
  await page.getByLabel('Username', { exact: true }).fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByTestId('login-submit').click();
  await expect(page.locator('.app-tab-header h1')).toHaveText('Dice');
  await expect(page.getByTestId('period-card')).toBeVisible();
  await expect(page.getByTestId('project-tab-' + project.id)).toHaveAttribute('aria-selected', 'true');
});
