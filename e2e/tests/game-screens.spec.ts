import type { Page } from '@playwright/test';
import { registerAccount, type Account } from '../support/api';
import { expect, test } from '../support/fixtures';
import { createQuickProject, disableProject, placeOrder, waitForDraw, waitForOpenPeriod, type QuickProject } from '../support/game';
import { fundedBy, shownAmount } from '../support/money';
import { saveScreenshot } from '../support/screenshots';
import { openRechargeChannel } from '../support/settings';

type Lang = 'en' | 'ar';

/** What the game screens say, as a reader of each language sees them. */
const TEXT = {
  en: {
    dir: 'ltr',
    dice: 'Dice',
    history: 'History and fairness',
    records: 'Order records',
    selected: 'Selected: 3',
    open: 'Ordering closes in',
    confirm: 'Confirm order',
    // The headline is the period's net: three orders of 1.00 where big or small pays 1.95 lose 1.05.
    net: /^You (won|lost) \$\d+\.\d{2}$/,
    lost: `You lost ${shownAmount('1.00')}`,
    verified: 'Verified',
    signIn: 'Log in to play',
    logInToOrder: 'Log in to order',
    tabs: ['All', 'Waiting for the draw', 'Settled'],
    statuses: { pending: 'Waiting for the draw', won: 'Won', lost: 'Lost' },
    trendOver: 'Over the last',
  },
  ar: {
    dir: 'rtl',
    dice: 'النرد',
    history: 'السجل والنزاهة',
    records: 'سجل الطلبات',
    selected: 'المختار: 3',
    open: 'تُغلق الطلبات بعد',
    confirm: 'تأكيد الطلب',
    net: /^(ربحت|خسرت) \u200f\d+\.\d{2}\s\$$/,
    lost: `خسرت ${shownAmount('1.00', 'ar')}`,
    verified: 'تم التحقق',
    signIn: 'سجّل الدخول لتلعب',
    logInToOrder: 'سجّل الدخول لتطلب',
    tabs: ['الكل', 'بانتظار السحب', 'تمت التسوية'],
    statuses: { pending: 'بانتظار السحب', won: 'ربح', lost: 'خسارة' },
    trendOver: 'خلال آخر',
  },
} as const;

const title = (page: Page) => page.locator('.adm-nav-bar-title');

let project: QuickProject;
/** Orders in every test: its screens show results and notifications. */
let account: Account;
/** Never orders: the game's screens without a roll or notification of its own. */
let viewer: Account;
let drawnPeriodNo: string;

test.beforeAll(async ({ operator }) => {
  test.setTimeout(60_000);
  project = await createQuickProject(operator, 'Fast 3 · 10 s');
  await openRechargeChannel(operator);
  account = await registerAccount('diceshots');
  await fundedBy(account.token, operator, '500');
  viewer = await registerAccount('diceviewer');
  await fundedBy(viewer.token, operator, '300');
  // A settled period with one won and two lost orders for the records.
  const period = await waitForOpenPeriod(account.token, project.id, 1);
  await placeOrder(account.token, project.id, period.periodNo, [
    { option: 'big', quantity: 5 },
    { option: 'small', quantity: 5 },
    { option: 'any-triple', quantity: 1 },
  ]);
  drawnPeriodNo = (await waitForDraw(account.token, project.id, period.periodNo)).periodNo;
});

test.afterAll(async ({ operator }) => {
  await disableProject(operator, project);
});

/** Opens a page in the language, signed in as the test's account unless `token` is null. */
async function openAs(page: Page, lang: Lang, path: string, token: string | null = account.token): Promise<void> {
  await page.addInitScript(
    ([language, stored]) => {
      localStorage.setItem('lang', language);
      if (stored) localStorage.setItem('token', stored);
    },
    [lang, token] as const,
  );
  await page.goto(`./#${path}`);
  await expect(page.locator('html')).toHaveAttribute('dir', TEXT[lang].dir);
}

/** Once the fonts are in: a screenshot before them shows fallback glyphs. */
async function shoot(page: Page, name: string, fullPage = false): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await saveScreenshot(page, name, { fullPage });
}

const dicePath = () => `/pages/game/dice?project=${project.id}`;

/** Waits until the page's period takes orders with a few seconds left, so the screenshot shows an open period. */
async function waitForOpenOnPage(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        const phase = await page.getByTestId('period-card').getAttribute('data-phase');
        const [minutes = '0', seconds = '0'] = ((await page.getByTestId('countdown').textContent()) ?? '').split(':');
        return phase === 'open' && Number(minutes) * 60 + Number(seconds) >= 4;
      },
      { timeout: 25_000, intervals: [250] },
    )
    .toBe(true);
}

/** Big, small and sum 10, twice each: a slip with something to show. */
async function chooseThree(page: Page): Promise<void> {
  await page.locator('[data-code="big"]').click();
  await page.locator('[data-code="small"]').click();
  await page.getByTestId('group-tab-sum').click();
  await page.locator('[data-code="sum-10"]').click();
  await page.getByTestId('quantity-increase').click();
}

/** Orders in the open period through the API, then opens the game so that it watches that period's draw. */
async function orderThenWatch(page: Page, lang: Lang, option: string[]): Promise<string> {
  // Time for the page to load and list the order as waiting before its draw settles it.
  const period = await waitForOpenPeriod(account.token, project.id, 4);
  await placeOrder(
    account.token,
    project.id,
    period.periodNo,
    option.map((code) => ({ option: code, quantity: 1 })),
  );
  // A second try reloads: going to the same address again would not fetch the orders anew.
  if (page.url() === 'about:blank') await openAs(page, lang, dicePath());
  else await page.reload();
  await expect(page.getByTestId('period-card')).toBeVisible();
  return period.periodNo;
}

/** The notification of the draw of `periodNo`, not of another period the account ordered in. */
const notificationOf = (page: Page, periodNo: string) => page.getByTestId('draw-notification').filter({ hasText: periodNo });

for (const lang of ['en', 'ar'] as const) {
  const text = TEXT[lang];

  test(`game dice page in ${lang}`, async ({ page }) => {
    test.setTimeout(60_000);
    await openAs(page, lang, dicePath(), viewer.token);
    await expect(page.locator('.app-tab-header h1')).toHaveText(text.dice);
    await expect(page.getByTestId('last-result')).toBeVisible();
    await waitForOpenOnPage(page);
    await chooseThree(page);
    await expect(page.getByTestId('slip-count')).toHaveText(text.selected);
    await expect(page.getByTestId('slip-total')).toHaveText(shownAmount('6.00', lang));
    await expect(page.getByTestId('period-phase')).toHaveText(text.open);
    // The slip stays above the tab bar, inside the phone's screen.
    const slip = await page.getByTestId('slip').boundingBox();
    const tabBar = await page.locator('.app-tab-bar').boundingBox();
    expect(slip && tabBar && slip.y + slip.height <= tabBar.y + 1, 'slip above the tab bar').toBe(true);
    await page.getByTestId('group-tab-basic').click();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shoot(page, `game-dice-${lang}`);
    // Scrolled down: the options, their return to player, and the slip still above the tab bar.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(page.getByTestId('return-to-player')).toBeInViewport();
    await shoot(page, `game-dice-options-${lang}`);
  });

  test(`game confirm sheet in ${lang}`, async ({ page }) => {
    test.setTimeout(60_000);
    await openAs(page, lang, dicePath(), viewer.token);
    await waitForOpenOnPage(page);
    await chooseThree(page);
    await page.getByTestId('slip-order').click();
    const sheet = page.getByTestId('confirm-sheet');
    await expect(sheet.locator('.app-popup-title')).toHaveText(text.confirm);
    await expect(sheet.getByTestId('confirm-selection')).toHaveCount(3);
    await expect(sheet.getByTestId('confirm-total')).toHaveText(shownAmount('6.00', lang));
    await expect(sheet.getByTestId('confirm-balance-after')).toBeVisible();
    // Slid in completely before the picture is taken.
    await expect(sheet.locator('.adm-popup-body')).toHaveCSS('transform', 'matrix(1, 0, 0, 1, 0, 0)');
    await shoot(page, `game-confirm-${lang}`);
  });

  test(`game win notification in ${lang}`, async ({ page }) => {
    test.setTimeout(60_000);
    // Big, small and any triple: whatever the dice, exactly one of them wins.
    const periodNo = await orderThenWatch(page, lang, ['big', 'small', 'any-triple']);
    // An order of an earlier test may be drawn first and announced before this one.
    const notification = notificationOf(page, periodNo);
    await expect(notification).toBeVisible({ timeout: 25_000 });
    await expect(notification.getByTestId('net-headline')).toHaveText(text.net);
    await shoot(page, `game-win-${lang}`);
  });

  test(`game lose notification in ${lang}`, async ({ page }) => {
    test.setTimeout(90_000);
    // A triple of ones comes once in 216 throws: should it come, the next period is tried.
    for (let tries = 0; tries < 3; tries += 1) {
      const notification = notificationOf(page, await orderThenWatch(page, lang, ['triple-1']));
      await expect(notification).toBeVisible({ timeout: 25_000 });
      if ((await notification.textContent())?.includes(text.lost)) {
        await expect(notification.getByTestId('net-headline')).toHaveText(text.lost);
        await shoot(page, `game-lose-${lang}`);
        return;
      }
    }
    throw new Error('three triples of ones in a row');
  });

  test(`game history page in ${lang}`, async ({ page }) => {
    await openAs(page, lang, `/pages/game/dice/history?project=${project.id}`);
    await expect(title(page)).toHaveText(text.history);
    const first = page.getByTestId('drawn-period').first();
    await expect(first.getByTestId('server-seed')).toHaveText(/^[0-9a-f]{64}$/);
    await first.getByTestId('verify').click();
    await expect(first.getByTestId('verdict-title')).toHaveText(text.verified);
    // Seeds read left to right in every language, wrapped inside the card.
    await expect(first.getByTestId('server-seed')).toHaveAttribute('dir', 'ltr');
    const card = await first.boundingBox();
    const seed = await first.getByTestId('server-seed').boundingBox();
    expect(card && seed && seed.x >= card.x && seed.x + seed.width <= card.x + card.width, 'seed inside its card').toBe(true);
    const back = await page.locator('.adm-nav-bar-back').boundingBox();
    const middle = (page.viewportSize()?.width ?? 0) / 2;
    expect(back && (lang === 'ar' ? back.x > middle : back.x + back.width < middle), 'back button on the reading side').toBe(true);
    await shoot(page, `game-history-${lang}`);
  });

  test(`game trend in ${lang}`, async ({ page }) => {
    await openAs(page, lang, `/pages/game/dice/history?project=${project.id}&view=trend`);
    await expect(page.getByTestId('trend-over')).toContainText(text.trendOver);
    await expect(page.getByTestId('trend-faces').getByTestId('trend-row')).toHaveCount(6);
    await shoot(page, `game-trend-${lang}`, true);
  });

  test(`game order records in ${lang}`, async ({ page }) => {
    test.setTimeout(60_000);
    // One order still waiting for its draw beside the settled ones.
    const period = await waitForOpenPeriod(account.token, project.id, 4);
    await placeOrder(account.token, project.id, period.periodNo, [{ option: 'two-2-5', quantity: 3 }]);
    await openAs(page, lang, '/pages/game/take_notes');
    await expect(title(page)).toHaveText(text.records);
    await expect(page.getByRole('tab')).toHaveText([...text.tabs]);
    const records = page.getByTestId('record');
    await expect(records.filter({ hasText: period.periodNo }).getByTestId('record-status')).toHaveText(text.statuses.pending);
    const settled = records.filter({ hasText: drawnPeriodNo });
    await expect(settled).toHaveCount(3);
    await expect(settled.getByTestId('record-status').filter({ hasText: text.statuses.won })).toHaveCount(1);
    await expect(settled.getByTestId('order-dice')).toHaveCount(3);
    await shoot(page, `game-records-${lang}`);
  });

  test(`game signed out in ${lang}`, async ({ page }) => {
    await openAs(page, lang, '/pages/game/dice', null);
    await expect(page.getByTestId('sign-in-prompt')).toContainText(text.signIn);
    await expect(page.getByTestId('slip-order')).toHaveText(text.logInToOrder);
    await shoot(page, `game-signed-out-${lang}`);
  });
}
