import { request, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { FakeBeacon } from '../../apps/server/src/testing/fake-beacon';
import { startBeaconServer, type BeaconServer } from '../support/beacon-server';
import { expect, latestToast, signInOperator, test, type OperatorClient } from '../support/fixtures';
import { createQuickProject, waitUntilOpen, type QuickProject } from '../support/game';
import { fundedBy, shownAmount } from '../support/money';
import { openFresh } from '../support/open-app';
import { copyToDocs, saveScreenshot } from '../support/screenshots';
import { E2E_PORT } from '../support/server';
import { signInNewAccount } from '../support/session';
import { openRechargeChannel } from '../support/settings';

/*
 * The provable fairness of a period drawn with a public randomness beacon
 * (PRODUCT §6), on a server of its own that mixes in the rounds of a drand
 * chain of our own: Verify checks the seed, the dice, the round's signature
 * and that the user's orders are in the set fixed at the lock; a round that
 * does not come in time makes the period void and every order comes back.
 */

const PORT = E2E_PORT + 3;
const BASE_URL = `http://127.0.0.1:${PORT}`;
/** Seconds a due round is waited for before its period is void: short, so the test sees one. */
const BEACON_TIMEOUT_SECONDS = 10;

test.use({ baseURL: `${BASE_URL}/` });
test.describe.configure({ mode: 'serial' });

let fairServer: BeaconServer;
let beacon: FakeBeacon;
let operatorApi: APIRequestContext;
let operator: OperatorClient;
let project: QuickProject;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  fairServer = await startBeaconServer(PORT, BEACON_TIMEOUT_SECONDS);
  beacon = fairServer.beacon;
  operatorApi = await request.newContext({ baseURL: BASE_URL });
  operator = await signInOperator(operatorApi);
  project = await createQuickProject(operator, 'Fair dice');
  await openRechargeChannel(operator);
});

test.afterAll(async () => {
  await operatorApi?.dispose();
  await fairServer?.stop();
});

const dicePath = () => `/pages/game/dice?project=${project.id}`;
const historyPath = () => `/pages/game/dice/history?project=${project.id}`;

/** Once the fonts are in, at the phone's size; a copy goes to the docs. */
async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await saveScreenshot(page, name);
  copyToDocs(name);
}

/** Scrolls the card to the top of the screen, just under the nav bar. */
async function bringToTop(page: Page, card: Locator): Promise<void> {
  await card.evaluate((element) => {
    const navBar = document.querySelector('.adm-nav-bar')?.getBoundingClientRect().bottom ?? 0;
    window.scrollBy(0, element.getBoundingClientRect().top - navBar - 8);
  });
}

/** Orders Big ×1 on the dice page in the period open now; answers its number once the order is placed. */
async function orderBig(page: Page): Promise<string> {
  await waitUntilOpen(page, 4);
  await page.locator('[data-code="big"]').click();
  await page.getByTestId('slip-order').click();
  const sheet = page.getByTestId('confirm-sheet');
  const periodNo = (await sheet.getByTestId('confirm-period').textContent()) ?? '';
  await sheet.getByTestId('confirm-order').click();
  await expect(latestToast(page)).toHaveText('Order placed');
  await expect(page.getByTestId('slip-count')).toHaveText('Selected: 0');
  return periodNo;
}

/** Verifies the drawn period and expects every check to hold: the seed hash, the dice, the beacon round's signature and the user's order. */
async function expectVerified(card: Locator, verifiedTitle: string): Promise<void> {
  await card.getByTestId('verify').click();
  await expect(card.getByTestId('verdict')).toHaveAttribute('data-verdict', 'verified');
  await expect(card.getByTestId('verdict-title')).toHaveText(verifiedTitle);
  const checks = card.getByTestId('verdict-check');
  await expect(checks).toHaveCount(4);
  expect(await checks.evaluateAll((items) => items.map((item) => `${item.getAttribute('data-check')} ${item.getAttribute('data-outcome')}`))).toEqual([
    'seedHash holds',
    'dice holds',
    'beaconSignature holds',
    'ordersInSet holds',
  ]);
}

test("a period drawn with the beacon's round: Verify proves the seed, the dice, the round's signature and the user's order in the locked set", async ({ page }) => {
  test.setTimeout(90_000);
  const account = await signInNewAccount(page, 'fair', BASE_URL);
  await fundedBy(account.token, operator, '100', BASE_URL);
  await page.goto(`./#${dicePath()}`);
  await expect(page.getByTestId('slip-balance')).toHaveText(/^\$100\.\d{2}$/);
  const periodNo = await orderBig(page);

  // The draw comes on the live stream: the dice land as the newest result and the result is told.
  await expect(page.getByTestId('last-result')).toHaveAttribute('data-period-no', periodNo, { timeout: 30_000 });
  await expect(page.getByTestId('last-result')).toHaveAttribute('data-status', 'drawn');
  await expect(page.getByTestId('draw-notification')).toBeVisible();

  // The period's detail: the seed, the orders root fixed at the lock (this order alone), the beacon round's randomness.
  const signatureChecks: string[] = [];
  page.on('request', (sent) => {
    if (/beacon-signature-[\w-]+\.js$/.test(sent.url())) signatureChecks.push(sent.url());
  });
  await page.getByTestId('to-history').click();
  const card = page.getByTestId('drawn-period').filter({ hasText: periodNo });
  await expect(card).toHaveAttribute('data-status', 'drawn');
  await expect(card.getByTestId('orders-root')).toHaveText(/^[0-9a-f]{64}$/);
  await expect(card.getByTestId('order-count')).toHaveText('1');
  await expect(card.getByTestId('ordered-amount')).toHaveText(shownAmount('1.00'));
  await expect(card.getByTestId('beacon-randomness')).toHaveText(/^[0-9a-f]{64}$/);
  await expect(card).toContainText(/Beacon randomness \(drand round \d+\)/);
  // The pairing code of the signature check comes only with the press of Verify.
  expect(signatureChecks).toEqual([]);

  await expectVerified(card, 'Verified');
  expect(signatureChecks).toHaveLength(1);
  await expect(card.getByTestId('verdict-check').filter({ hasText: 'Your orders in the locked set' })).toContainText('1 of the 1 orders fixed at the lock are yours');
  // The draw's notification has had its time: it would cover the period's head.
  await expect(page.getByTestId('draw-notification')).toBeHidden({ timeout: 10_000 });
  await bringToTop(page, card);
  await shoot(page, 'fairness-verify-en');

  // The same in Arabic, right to left, the hashes still left to right.
  await openFresh(page, historyPath(), { lang: 'ar' });
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const arabicCard = page.getByTestId('drawn-period').filter({ hasText: periodNo });
  await expect(arabicCard.getByTestId('beacon-randomness')).toHaveAttribute('dir', 'ltr');
  await expectVerified(arabicCard, 'تم التحقق');
  await bringToTop(page, arabicCard);
  await shoot(page, 'fairness-verify-ar');
});

test('a period whose beacon round does not come in time is void: shown refunded with the reason, never dice, and the balance is back', async ({ page }) => {
  test.setTimeout(120_000);
  const account = await signInNewAccount(page, 'voided', BASE_URL);
  await fundedBy(account.token, operator, '100', BASE_URL);
  await page.goto(`./#${dicePath()}`);
  await expect(page.getByTestId('slip-balance')).toHaveText(/^\$100\.\d{2}$/);
  const funded = (await page.getByTestId('slip-balance').textContent()) ?? '';

  // From now on the beacon answers no round: the next draws wait for one, then give up.
  beacon.mode = 'late';
  const periodNo = await orderBig(page);
  await expect(page.getByTestId('slip-balance')).not.toHaveText(funded);

  // The refund is told like a result, the period shows void with its reason, and the balance is what it was.
  const notification = page.getByTestId('draw-notification');
  await expect(notification.getByTestId('net-headline')).toHaveText('Void — refunded', { timeout: 20_000 + BEACON_TIMEOUT_SECONDS * 3_000 });
  await expect(notification).toContainText(`Period ${periodNo}`);
  await expect(notification.getByTestId('notification-totals')).toHaveText(`Refunded in full: ${shownAmount('1.00')}`);
  await expect(page.getByTestId('slip-balance')).toHaveText(funded);
  const last = page.getByTestId('last-result');
  await expect(last).toHaveAttribute('data-period-no', periodNo);
  await expect(last).toHaveAttribute('data-status', 'void');
  await expect(last.getByTestId('void-note')).toContainText('Void — refunded');
  await expect(last.getByTestId('void-note')).toContainText('the beacon had not published the round');
  await expect(last.getByTestId('last-dice')).toHaveCount(0);
  await expect(last.getByTestId('my-result')).toHaveText(`Refunded in full: ${shownAmount('1.00')}`);
  await saveScreenshot(page, 'fairness-void-dice-en');

  // The order is refunded, neither won nor lost.
  await page.getByTestId('to-orders').click();
  const order = page.getByTestId('record').filter({ hasText: periodNo });
  await expect(order.getByTestId('record-status')).toHaveText('Refunded');
  await expect(order.getByTestId('order-void-note')).toBeVisible();
  await expect(order.getByTestId('order-profit')).toHaveText(shownAmount('0.00'));
  await saveScreenshot(page, 'fairness-void-order-en');

  // History: the period void with its reason and seed, no dice and nothing to verify.
  await openFresh(page, historyPath(), { lang: 'en' });
  const card = page.getByTestId('drawn-period').filter({ hasText: periodNo });
  await expect(card).toHaveAttribute('data-status', 'void');
  await expect(card.getByTestId('void-note')).toHaveAttribute('data-reason', 'BEACON_NOT_PUBLISHED');
  await expect(card.getByTestId('void-note')).toContainText('Every order of this period came back in full.');
  await expect(card.getByTestId('server-seed')).toHaveText(/^[0-9a-f]{64}$/);
  await expect(card.getByTestId('beacon-round')).toHaveText(/^\d+$/);
  await expect(card.getByTestId('drawn-dice')).toHaveCount(0);
  await expect(card.getByTestId('verify')).toHaveCount(0);
  await bringToTop(page, card);
  await shoot(page, 'period-void-en');
});
