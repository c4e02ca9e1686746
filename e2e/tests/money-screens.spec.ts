import type { Locator, Page } from '@playwright/test';
import { CALLS, formatMoney, parseMoney } from '@wallet/contract/core';
import { registerAccount, type Account } from '../support/api';
import { expect, test } from '../support/fixtures';
import { amountFrom, fundedBy, recharge, shownAmount, withdraw, type Recharge } from '../support/money';
import { saveScreenshot } from '../support/screenshots';
import { openRechargeChannel } from '../support/settings';

type Lang = 'en' | 'ar';

/** What each money screen says, as a reader of that language sees it. */
const TEXT = {
  en: {
    dir: 'ltr',
    assets: 'My assets',
    balance: 'Balance',
    freeze: 'Frozen',
    coin: 'Credit points',
    totals: 'Totals',
    recharge: 'Recharge',
    withdraw: 'Withdraw',
    withdrawSubmit: 'Withdraw',
    statement: 'Statement',
    rechargeRecords: 'Recharge records',
    withdrawRecords: 'Withdrawal records',
    channel: 'Payment channel',
    amount: 'Amount ($ USD)',
    rechargeNow: 'Recharge now',
    payExactly: 'Pay exactly',
    payTo: 'Pay to: Bank transfer',
    voucher: 'Payment voucher (optional)',
    toRecords: 'View recharge records',
    available: 'Available balance',
    accountHolder: 'Account holder',
    bankName: 'Bank name',
    lastCard: 'Last card',
    payPassword: 'Payment password',
    all: 'All',
    tabs: ['All', 'Under review', 'Completed', 'Refused', 'Expired'],
    underReview: 'Under review',
    refused: 'Refused',
    refusedBecause: 'Reason for refusal:',
    paymentDetails: 'Payment details',
    entryWithdrawal: 'Withdrawal',
    entryRefused: 'Withdrawal refused',
    entryRecharge: 'Recharge',
    noteFrozen: 'Frozen until reviewed',
    noteBack: 'Back to your balance',
    balanceAfter: 'Balance after',
    legs: 'Ledger entries',
    accounts: ['Balance', 'Frozen'],
    expiredNote: 'Not paid in time; the amount was released. If you did pay, contact customer service.',
    expired: 'Expired',
    contactService: 'Contact customer service',
    imageType: 'Only JPEG, PNG, GIF or WebP images are accepted.',
    // Typed in the other script, ending in punctuation: it must stay at the end of what was typed.
    typedAddress: { text: 'شارع الخليج 12، الكويت.', dir: 'rtl' },
  },
  ar: {
    dir: 'rtl',
    assets: 'أصولي',
    balance: 'الرصيد',
    freeze: 'المجمّد',
    coin: 'نقاط الائتمان',
    totals: 'الإجماليات',
    recharge: 'شحن الرصيد',
    withdraw: 'السحب',
    withdrawSubmit: 'اسحب',
    statement: 'كشف الحساب',
    rechargeRecords: 'سجل الشحن',
    withdrawRecords: 'سجل السحب',
    channel: 'قناة الدفع',
    amount: 'المبلغ ($ USD)',
    rechargeNow: 'اشحن الآن',
    payExactly: 'ادفع هذا المبلغ بالضبط',
    payTo: 'الدفع إلى: Bank transfer',
    voucher: 'إيصال الدفع (اختياري)',
    toRecords: 'عرض سجل الشحن',
    available: 'الرصيد المتاح',
    accountHolder: 'صاحب الحساب',
    bankName: 'اسم البنك',
    lastCard: 'البطاقة السابقة',
    payPassword: 'كلمة مرور الدفع',
    all: 'الكل',
    tabs: ['الكل', 'قيد المراجعة', 'مكتمل', 'مرفوض', 'منتهي الصلاحية'],
    underReview: 'قيد المراجعة',
    refused: 'مرفوض',
    refusedBecause: 'سبب الرفض:',
    paymentDetails: 'بيانات الدفع',
    entryWithdrawal: 'سحب',
    entryRefused: 'رفض السحب',
    entryRecharge: 'شحن الرصيد',
    noteFrozen: 'مجمّد حتى تتم المراجعة',
    noteBack: 'أُعيد إلى رصيدك',
    balanceAfter: 'الرصيد بعدها',
    legs: 'القيود المحاسبية',
    accounts: ['الرصيد', 'المجمّد'],
    expiredNote: 'لم يُدفع المبلغ في الوقت المحدد، فتم تحريره. إذا كنت قد دفعت بالفعل، فتواصل مع خدمة العملاء.',
    expired: 'منتهي الصلاحية',
    contactService: 'تواصل مع خدمة العملاء',
    imageType: 'تُقبل الصور بتنسيق JPEG أو PNG أو GIF أو WebP فقط.',
    typedAddress: { text: 'Gulf Road 12, Kuwait City.', dir: 'ltr' },
  },
} satisfies Record<Lang, Record<string, string | string[] | { text: string; dir: string }>>;

type Text = (typeof TEXT)[Lang];

/** What the account holds once `beforeAll` has run. */
interface World {
  account: Account;
  credited: Recharge;
  waiting: Recharge;
  balance: string;
}

/** An amount as a reader of the screen's language sees it. */
const shown = (text: Text, amount: string) => shownAmount(amount, text.dir === 'rtl' ? 'ar' : 'en');

interface Screen {
  name: string;
  path: (world: World) => string;
  /** Before the page opens: answers the page should get. */
  prepare?(page: Page): Promise<void>;
  check(page: Page, text: Text, world: World): Promise<void>;
  /** Only what the phone shows (a toast), not the whole scrolled page. */
  viewportOnly?: boolean;
}

const REFUSAL = 'The name does not match the card';
const title = (page: Page) => page.locator('.adm-nav-bar-title');
/** The direction the browser gives a field, after `dir="auto"` looked at what it holds. */
const directionOf = (field: Locator) => field.evaluate((element) => (element.matches(':dir(rtl)') ? 'rtl' : 'ltr'));

/**
 * A recharge expires only after hours (at least one) on the server: the
 * detail of the waiting one is answered as expired instead, which is all the
 * page reads.
 */
async function answerAsExpired(page: Page): Promise<void> {
  await page.route(`**${CALLS.rechargeDetail.path}`, async (route) => {
    const response = await route.fetch();
    const envelope = (await response.json()) as { data: { status: string; reviewedAt: number | null } };
    await route.fulfill({ response, json: { ...envelope, data: { ...envelope.data, status: 'expired', reviewedAt: Date.now() } } });
  });
}

const SCREENS: Screen[] = [
  {
    name: 'assets',
    path: () => '/pages/money/assets',
    async check(page, text, world) {
      await expect(title(page)).toHaveText(text.assets);
      const card = page.getByTestId('assets-card');
      for (const label of [text.balance, text.freeze, text.coin]) await expect(card).toContainText(label);
      // The count-up ends on the server's own figures.
      await expect(page.getByTestId('assets-balance')).toHaveText(shown(text, world.balance));
      await expect(page.getByTestId('assets-freeze')).toHaveText(shown(text, '50.00'));
      await expect(page.getByTestId('assets-coin')).toHaveText('0');
      await expect(page.getByTestId('total-recharged')).toHaveText(shown(text, world.credited.payAmount));
      await expect(page.getByText(text.totals, { exact: true })).toBeVisible();
      await expect(page.getByTestId('assets-recharge')).toHaveText(text.recharge);
      await expect(page.getByTestId('assets-withdraw')).toHaveText(text.withdraw);
      await expect(page.getByTestId('assets-statement')).toHaveText(text.statement);
    },
  },
  {
    name: 'recharge',
    path: () => '/pages/money/recharge',
    async check(page, text) {
      await expect(title(page)).toHaveText(text.recharge);
      await expect(page.getByText(text.channel, { exact: true })).toBeVisible();
      await expect(page.getByRole('radio', { name: /Bank transfer/ })).toHaveAttribute('aria-checked', 'true');
      await expect(page.getByLabel(text.amount, { exact: true })).toBeVisible();
      await expect(page.getByTestId('quick-pick')).toHaveText(['100', '200', '500', '1000', '2000', '5000']);
      await page.getByTestId('quick-pick').filter({ hasText: /^500$/ }).click();
      await expect(page.getByLabel(text.amount, { exact: true })).toHaveValue('500');
      await expect(page.getByTestId('recharge-submit')).toHaveText(text.rechargeNow);
    },
  },
  {
    name: 'recharge-confirmation',
    path: (world) => `/pages/money/recharge?order=${world.waiting.orderNo}`,
    async check(page, text, world) {
      await expect(title(page)).toHaveText(text.recharge);
      await expect(page.getByTestId('recharge-confirmation')).toContainText(text.payExactly);
      await expect(page.getByTestId('pay-amount')).toHaveText(shown(text, world.waiting.payAmount));
      await expect(page.getByTestId('random-decimal-note')).toContainText(shown(text, world.waiting.payAmount));
      await expect(page.getByText(text.payTo)).toBeVisible();
      await expect(page.getByTestId('channel-detail')).toHaveCount(3);
      await expect(page.getByTestId('copy-detail')).toHaveCount(3);
      await expect(page.getByTestId('recharge-order-no')).toHaveText(world.waiting.orderNo);
      await expect(page.getByTestId('voucher')).toContainText(text.voucher);
      await expect(page.getByTestId('to-recharge-records')).toHaveText(text.toRecords);
    },
  },
  {
    name: 'recharge-expired',
    path: (world) => `/pages/money/recharge?order=${world.waiting.orderNo}`,
    prepare: answerAsExpired,
    async check(page, text, world) {
      await expect(page.getByTestId('record-status')).toHaveText(text.expired);
      await expect(page.getByTestId('pay-amount')).toHaveText(shown(text, world.waiting.payAmount));
      await expect(page.getByTestId('expired-note')).toContainText(text.expiredNote);
      await expect(page.getByTestId('expired-note').getByTestId('customer-service')).toHaveText(text.contactService);
      // Nothing that invites paying: no channel, no account to copy, no amount to copy, no voucher.
      await expect(page.getByText(text.payTo)).toHaveCount(0);
      await expect(page.getByTestId('channel-detail')).toHaveCount(0);
      await expect(page.getByTestId('copy-detail')).toHaveCount(0);
      await expect(page.getByTestId('copy-pay-amount')).toHaveCount(0);
      await expect(page.getByTestId('random-decimal-note')).toHaveCount(0);
      await expect(page.getByTestId('voucher')).toHaveCount(0);
      await expect(page.getByTestId('recharge-order-no')).toHaveText(world.waiting.orderNo);
    },
  },
  {
    name: 'long-toast',
    path: (world) => `/pages/money/recharge?order=${world.waiting.orderNo}`,
    viewportOnly: true,
    async check(page, text) {
      await page.getByTestId('voucher-file').setInputFiles({ name: 'receipt.txt', mimeType: 'text/plain', buffer: Buffer.from('paid') });
      const toast = page.locator('.adm-toast-main');
      await expect(toast).toHaveText(text.imageType);
      // Faded in completely before the picture is taken.
      await expect(page.locator('.adm-toast-mask')).toHaveCSS('opacity', '1');
      // Wider than antd-mobile's 204 px, at most 80 % of the phone.
      const box = await toast.boundingBox();
      const width = page.viewportSize()?.width ?? 0;
      expect(box?.width).toBeGreaterThan(204);
      expect(box?.width).toBeLessThanOrEqual(width * 0.8);
    },
  },
  {
    name: 'withdraw',
    path: () => '/pages/money/widht',
    async check(page, text, world) {
      await expect(title(page)).toHaveText(text.withdraw);
      await expect(page.getByTestId('withdraw-balance')).toContainText(text.available);
      await expect(page.getByTestId('withdraw-available')).toHaveText(shown(text, world.balance));
      // Filled in from the last withdrawal; its card is offered again, masked.
      await expect(page.getByLabel(text.accountHolder, { exact: true })).toHaveValue('Lina Haddad');
      await expect(page.getByLabel(text.bankName, { exact: true })).toHaveValue('Gulf Bank');
      // Free text follows what is typed; numbers stay left to right.
      for (const label of [text.accountHolder, text.bankName]) await expect(page.getByLabel(label, { exact: true })).toHaveAttribute('dir', 'auto');
      await expect(page.getByLabel(text.amount, { exact: true })).toHaveAttribute('dir', 'ltr');
      const address = page.locator('input[name="address"]');
      await expect(address).toHaveAttribute('dir', 'auto');
      await address.fill(text.typedAddress.text);
      expect(await directionOf(address)).toBe(text.typedAddress.dir);
      // Still lined up with its label, on the page's reading side.
      await expect(address).toHaveCSS('text-align', text.dir === 'rtl' ? 'right' : 'left');
      await expect(page.getByTestId('card-last')).toContainText(text.lastCard);
      await expect(page.getByTestId('card-last')).toContainText('•••• 3456');
      await expect(page.getByTestId('card-last')).toHaveAttribute('aria-checked', 'true');
      await expect(page.getByTestId('withdraw-pending')).toBeVisible();
      await page.getByTestId('withdraw-all').click();
      await expect(page.getByTestId('withdraw-all')).toHaveText(text.all);
      await expect(page.getByTestId('quote-arrival')).toBeVisible();
      await expect(page.getByText(text.payPassword, { exact: true })).toBeVisible();
      await expect(page.locator('.app-passcode-box')).toHaveAttribute('dir', 'ltr');
      await expect(page.getByTestId('withdraw-submit')).toHaveText(text.withdrawSubmit);
    },
  },
  {
    name: 'recharge-records',
    path: () => '/pages/money/recharge_list',
    async check(page, text, world) {
      await expect(title(page)).toHaveText(text.rechargeRecords);
      await expect(page.getByRole('tab')).toHaveText(text.tabs);
      const records = page.getByTestId('record');
      await expect(records).toHaveCount(3);
      const waiting = records.filter({ hasText: world.waiting.orderNo });
      await expect(waiting.getByTestId('record-status')).toHaveText(text.underReview);
      await expect(waiting.getByTestId('open-recharge')).toHaveText(text.paymentDetails);
      const refused = records.filter({ has: page.getByTestId('record-remark') });
      await expect(refused.getByTestId('record-status')).toHaveText(text.refused);
      await expect(refused.getByTestId('record-remark')).toContainText(text.refusedBecause);
    },
  },
  {
    name: 'withdrawal-records',
    path: () => '/pages/money/widht_list',
    async check(page, text) {
      await expect(title(page)).toHaveText(text.withdrawRecords);
      const records = page.getByTestId('record');
      await expect(records).toHaveCount(2);
      await expect(records.first().getByTestId('record-status')).toHaveText(text.underReview);
      await expect(records.first().getByTestId('record-amount')).toHaveText(shown(text, '50.00'));
      await expect(records.nth(1).getByTestId('record-status')).toHaveText(text.refused);
      await expect(records.nth(1).getByTestId('record-remark')).toContainText(REFUSAL);
    },
  },
  {
    name: 'statement',
    path: () => '/pages/money/statement',
    async check(page, text, world) {
      await expect(title(page)).toHaveText(text.statement);
      const entries = page.getByTestId('statement-entry');
      // Newest first, one row per movement: the waiting withdrawal, the refused one's refusal and request, the credit.
      await expect(entries.getByTestId('entry-meaning')).toHaveText([text.entryWithdrawal, text.entryRefused, text.entryWithdrawal, text.entryRecharge]);
      await expect(entries.getByTestId('entry-amount')).toHaveText([shown(text, '-50.00'), shown(text, '+120.00'), shown(text, '-120.00'), shown(text, `+${world.credited.payAmount}`)]);
      await expect(entries.first().getByTestId('entry-note')).toHaveText(text.noteFrozen);
      await expect(entries.nth(1).getByTestId('entry-note')).toHaveText(text.noteBack);
      await expect(entries.first()).toContainText(text.balanceAfter);
      await expect(entries.first().getByTestId('entry-balance-after')).toHaveText(shown(text, world.balance));
    },
  },
  {
    name: 'statement-detail',
    path: () => '/pages/money/statement',
    async check(page, text, world) {
      await page.getByTestId('statement-entry').first().click();
      const detail = page.getByTestId('statement-detail');
      await expect(detail.locator('.app-popup-title')).toHaveText(text.entryWithdrawal);
      await expect(detail.getByTestId('detail-amount')).toHaveText(shown(text, '-50.00'));
      await expect(detail.getByTestId('statement-legs').locator('caption')).toHaveText(text.legs);
      const legs = detail.getByTestId('statement-leg');
      await expect(legs.locator('th')).toHaveText(text.accounts);
      await expect(legs.getByTestId('leg-amount')).toHaveText([shown(text, '-50.00'), shown(text, '+50.00')]);
      await expect(legs.getByTestId('leg-balance-after')).toHaveText([shown(text, world.balance), shown(text, '50.00')]);
    },
  },
];

let world: World;

test.beforeAll(async ({ operator }) => {
  await openRechargeChannel(operator);
  const account = await registerAccount('moneyshots');
  const credited = await fundedBy(account.token, operator, amountFrom(1000));
  const refusedRecharge = await recharge(account.token, amountFrom(300));
  await operator.call('/admin/api/recharges/review', { orderNo: refusedRecharge.orderNo, approve: false, remark: 'No payment arrived' });
  const card = { name: 'Lina Haddad', bankName: 'Gulf Bank', cardNo: '6222 0000 1234 3456', address: 'Kuwait City', payPassword: account.payPassword };
  const refusedWithdrawal = await withdraw(account.token, { ...card, amount: '120' });
  await operator.call('/admin/api/withdrawals/review', { orderNo: refusedWithdrawal.orderNo, approve: false, remark: REFUSAL });
  await withdraw(account.token, { ...card, amount: '50' });
  const waiting = await recharge(account.token, amountFrom(200));
  const paid = parseMoney(credited.payAmount);
  if (!paid.ok) throw new Error(`not money: ${credited.payAmount}`);
  world = { account, credited, waiting, balance: formatMoney(paid.cents - 50_00) };
});

for (const lang of ['en', 'ar'] as const) {
  for (const screen of SCREENS) {
    test(`money ${screen.name} in ${lang}`, async ({ page }) => {
      const text = TEXT[lang];
      await page.addInitScript(
        ([language, token]) => {
          localStorage.setItem('lang', language);
          localStorage.setItem('token', token);
        },
        [lang, world.account.token] as const,
      );
      await screen.prepare?.(page);
      await page.goto(`./#${screen.path(world)}`);

      await expect(page.locator('html')).toHaveAttribute('dir', text.dir);
      await screen.check(page, text, world);
      // Back sits where a reader of the language starts: left in English, right in Arabic.
      const back = await page.locator('.adm-nav-bar-back').boundingBox();
      const middle = (page.viewportSize()?.width ?? 0) / 2;
      expect(back && (lang === 'ar' ? back.x > middle : back.x + back.width < middle), 'back button on the reading side').toBe(true);
      await page.evaluate(() => document.fonts.ready);
      await saveScreenshot(page, `money-${screen.name}-${lang}`, { fullPage: !screen.viewportOnly });
    });
  }
}

for (const lang of ['en', 'de', 'ar'] as const) {
  test(`the status tabs keep each name on one line and show where more tabs wait, in ${lang}`, async ({ page }) => {
    await page.addInitScript(
      ([language, token]) => {
        localStorage.setItem('lang', language);
        localStorage.setItem('token', token);
      },
      [lang, world.account.token] as const,
    );
    await page.goto('./#/pages/money/recharge_list');
    const card = page.getByTestId('status-tabs');
    const row = card.getByRole('tablist');
    const tabs = row.getByRole('tab');
    await expect(tabs).toHaveCount(5);
    await expect(page.getByTestId('record').first()).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    const linesPerTab = await tabs.evaluateAll((elements) =>
      elements.map((element) => {
        const text = document.createRange();
        text.selectNodeContents(element);
        return new Set(Array.from(text.getClientRects(), (rect) => Math.round(rect.top))).size;
      }),
    );
    expect(linesPerTab).toEqual([1, 1, 1, 1, 1]);
    await saveScreenshot(page, `money-status-tabs-${lang}`);

    if (!(await row.evaluate((element) => element.scrollWidth > element.clientWidth))) {
      await expect(card).not.toHaveAttribute('data-more-end');
      return;
    }
    await expect(card).toHaveAttribute('data-more-end', 'true');
    await expect(card).not.toHaveAttribute('data-more-start');
    // Scrolled to the far end (leftwards in Arabic), the hint moves to the start.
    await row.evaluate((element) => element.scrollTo({ left: (getComputedStyle(element).direction === 'rtl' ? -1 : 1) * element.scrollWidth }));
    await expect(card).toHaveAttribute('data-more-start', 'true');
    await expect(card).not.toHaveAttribute('data-more-end');
    await expect(tabs.last()).toBeInViewport({ ratio: 0.99 });
    await saveScreenshot(page, `money-status-tabs-${lang}-end`);
  });
}

test('a long record list loads its next page when its end comes into view', async ({ page, operator }) => {
  // After the screenshots, which count this account's records: 3 recharges so far, 18 more make 21, past one page of 20.
  // Each is approved at once: one user may keep only five random-decimal recharges under review.
  for (let n = 0; n < 18; n += 1) {
    const more = await recharge(world.account.token, String(2000 + n * 37));
    await operator.call('/admin/api/recharges/review', { orderNo: more.orderNo, approve: true });
  }
  await page.addInitScript((token) => localStorage.setItem('token', token), world.account.token);
  await page.goto('./#/pages/money/recharge_list');
  const records = page.getByTestId('record');
  await expect(records).toHaveCount(20);
  await page.getByTestId('recharge-records').locator('li').last().scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 4000);
  await expect(records).toHaveCount(21);
  await expect(page.getByText('No more records')).toBeVisible();
  await page.getByTestId('status-tab-refused').click();
  await expect(records).toHaveCount(1);
});
