import type { Browser, Page } from '@playwright/test';
import { appCall, registerAccount, type Account } from '../support/api';
import { expect, test } from '../support/fixtures';
import { createQuickProject, disableProject, ordersOf, waitForOpenPeriod, type QuickProject } from '../support/game';
import { fundedBy, shownAmount } from '../support/money';
import { openFresh } from '../support/open-app';
import { saveScreenshot } from '../support/screenshots';
import { openRechargeChannel } from '../support/settings';

/*
 * Live results (PRODUCT §6): the app keeps one stream open while signed in; a
 * result of the user's orders is announced on whatever page is open, also when
 * the order came from another device, with its net gain or loss, and the
 * balance shown moves with it. Without the stream, polling still tells it.
 */

type Lang = 'en' | 'ar';

const HEADLINE = {
  en: { gain: 'You won {{amount}}', loss: 'You lost {{amount}}', even: 'Break-even: you got back what you ordered' },
  ar: { gain: 'ربحت {{amount}}', loss: 'خسرت {{amount}}', even: 'تعادل: استرددت ما طلبته' },
} as const;

let project: QuickProject;

test.beforeAll(async ({ operator }) => {
  test.setTimeout(60_000);
  project = await createQuickProject(operator, 'Live 10 s');
  await openRechargeChannel(operator);
});

test.afterAll(async ({ operator }) => {
  await disableProject(operator, project);
});

const isStream = (url: string) => new URL(url).pathname.endsWith('/api/events');

/** The app on Home, signed in as the account, in the language. */
async function openHome(page: Page, account: Account, lang: Lang): Promise<void> {
  await openFresh(page, '/', { token: account.token, lang });
  await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
  await expect(page.getByTestId('glance-balance')).toContainText(await balanceOf(account));
}

async function balanceOf(account: Account): Promise<string> {
  const answer = await appCall<{ balance: string }>('/api/user/assets', {}, account.token);
  return answer.data.balance;
}

/** The same account on a second phone: its dice page, where big ×2 and small ×1 are ordered in the open period. */
async function orderOnAnotherDevice(browser: Browser, account: Account): Promise<{ periodNo: string; close: () => Promise<void> }> {
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const phone = await other.newPage();
  const period = await waitForOpenPeriod(account.token, project.id, 6);
  await openFresh(phone, `/pages/game/dice?project=${project.id}`, { token: account.token, lang: 'en' });
  await expect(phone.getByTestId('period-no')).toHaveText(period.periodNo);
  await phone.locator('[data-code="big"]').click();
  await phone.getByTestId('quantity-increase').click();
  await phone.getByTestId('slip-order').click();
  await phone.getByTestId('confirm-order').click();
  await expect(phone.getByTestId('slip-count')).toHaveText('Selected: 0');
  await phone.locator('[data-code="small"]').click();
  await phone.getByTestId('quantity-decrease').click();
  await phone.getByTestId('slip-order').click();
  await phone.getByTestId('confirm-order').click();
  await expect(phone.getByTestId('slip-count')).toHaveText('Selected: 0');
  return { periodNo: period.periodNo, close: () => other.close() };
}

/** The headline the period's orders call for, reckoned here from the settled records: the net, not any one payout. */
async function expectedHeadline(account: Account, periodNo: string, lang: Lang): Promise<{ text: string; balanceAfter: string }> {
  await expect.poll(async () => (await ordersOf(account.token, project.id)).filter((order) => order.periodNo === periodNo && order.audited).length, { timeout: 30_000 }).toBe(2);
  const orders = (await ordersOf(account.token, project.id)).filter((order) => order.periodNo === periodNo);
  const cents = (text: string | null) => Math.round(Number(text ?? '0') * 100);
  const net = orders.reduce((sum, order) => sum + cents(order.payout) - cents(order.amount), 0);
  const amount = (Math.abs(net) / 100).toFixed(2);
  const text = HEADLINE[lang][net > 0 ? 'gain' : net < 0 ? 'loss' : 'even'].replace('{{amount}}', shownAmount(amount, lang));
  return { text, balanceAfter: await balanceOf(account) };
}

for (const lang of ['en', 'ar'] as const) {
  test(`an order placed on another device is announced on Home with its net result, and the balance moves (${lang})`, async ({ page, browser, operator }) => {
    test.setTimeout(90_000);
    const account = await registerAccount(`live${lang}`);
    await fundedBy(account.token, operator, '100');
    const streamOpen = page.waitForResponse((response) => isStream(response.url()) && response.status() === 200);
    await openHome(page, account, lang);
    await streamOpen;
    // With the stream open, nothing polls the orders: the announcement can only come by the stream.
    const orderReads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/game/orders')) orderReads.push(request.url());
    });

    const other = await orderOnAnotherDevice(browser, account);
    const notification = page.getByTestId('draw-notification').filter({ hasText: other.periodNo });
    await expect(notification).toBeVisible({ timeout: 30_000 });
    const expected = await expectedHeadline(account, other.periodNo, lang);
    await expect(notification.getByTestId('net-headline')).toHaveText(expected.text);
    await expect(page.getByTestId('home')).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    await saveScreenshot(page, `live-result-${lang}`);
    await expect(page.getByTestId('glance-balance')).toContainText(expected.balanceAfter, { timeout: 5_000 });
    expect(orderReads).toEqual([]);
    // Told once: it does not come back.
    await expect(notification).toBeHidden({ timeout: 5_000 });
    await other.close();
  });
}

test('with the stream down, results still come by polling', async ({ page, browser, operator, browserErrors }) => {
  test.setTimeout(90_000);
  browserErrors.expect(/api\/events|ERR_FAILED|EventSource/);
  const account = await registerAccount('livedown');
  await fundedBy(account.token, operator, '100');
  let refused = 0;
  await page.route(
    (url) => isStream(url.toString()),
    (route) => {
      refused += 1;
      return route.abort();
    },
  );
  await openHome(page, account, 'en');
  await expect.poll(() => refused).toBeGreaterThan(0);

  const other = await orderOnAnotherDevice(browser, account);
  const notification = page.getByTestId('draw-notification').filter({ hasText: other.periodNo });
  await expect(notification).toBeVisible({ timeout: 45_000 });
  const expected = await expectedHeadline(account, other.periodNo, 'en');
  await expect(notification.getByTestId('net-headline')).toHaveText(expected.text);
  await expect(page.getByTestId('glance-balance')).toContainText(expected.balanceAfter, { timeout: 5_000 });
  await other.close();
});
