import type { Page } from '@playwright/test';
import { formatMoney, parseMoney } from '@wallet/contract/core';
import { registerAccount, type Account } from '../support/api';
import { expect, test } from '../support/fixtures';
import { amountFrom, fundedBy, recharge, signInOperator, withdraw, type Recharge } from '../support/money';
import { saveScreenshot } from '../support/screenshots';

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
    amount: 'Amount',
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
    tabs: ['All', 'Under review', 'Completed', 'Refused'],
    underReview: 'Under review',
    refused: 'Refused',
    refusedBecause: 'Reason for refusal:',
    paymentDetails: 'Payment details',
    entryRefused: 'Withdrawal refused (returned to balance)',
    entryRequested: 'Withdrawal requested (moved to freeze)',
    entryCredited: 'Recharge credited',
    balanceAfter: 'Balance after',
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
    amount: 'المبلغ',
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
    tabs: ['الكل', 'قيد المراجعة', 'مكتمل', 'مرفوض'],
    underReview: 'قيد المراجعة',
    refused: 'مرفوض',
    refusedBecause: 'سبب الرفض:',
    paymentDetails: 'بيانات الدفع',
    entryRefused: 'رفض السحب (أُعيد إلى الرصيد)',
    entryRequested: 'طلب سحب (نُقل إلى المجمّد)',
    entryCredited: 'إيداع الشحن في الرصيد',
    balanceAfter: 'الرصيد بعد الحركة',
  },
} satisfies Record<Lang, Record<string, string | string[]>>;

type Text = (typeof TEXT)[Lang];

/** What the account holds once `beforeAll` has run. */
interface World {
  account: Account;
  credited: Recharge;
  waiting: Recharge;
  balance: string;
}

interface Screen {
  name: string;
  path: (world: World) => string;
  check(page: Page, text: Text, world: World): Promise<void>;
}

const REFUSAL = 'The name does not match the card';
const title = (page: Page) => page.locator('.adm-nav-bar-title');

const SCREENS: Screen[] = [
  {
    name: 'assets',
    path: () => '/pages/money/assets',
    async check(page, text, world) {
      await expect(title(page)).toHaveText(text.assets);
      const card = page.getByTestId('assets-card');
      for (const label of [text.balance, text.freeze, text.coin]) await expect(card).toContainText(label);
      // The count-up ends on the server's own figures.
      await expect(page.getByTestId('assets-balance')).toHaveText(world.balance);
      await expect(page.getByTestId('assets-freeze')).toHaveText('50.00');
      await expect(page.getByTestId('assets-coin')).toHaveText('0');
      await expect(page.getByTestId('total-recharged')).toHaveText(world.credited.payAmount);
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
      await expect(page.getByTestId('pay-amount')).toHaveText(world.waiting.payAmount);
      await expect(page.getByTestId('random-decimal-note')).toContainText(world.waiting.payAmount);
      await expect(page.getByText(text.payTo)).toBeVisible();
      await expect(page.getByTestId('channel-detail')).toHaveCount(3);
      await expect(page.getByTestId('copy-detail')).toHaveCount(3);
      await expect(page.getByTestId('recharge-order-no')).toHaveText(world.waiting.orderNo);
      await expect(page.getByTestId('voucher')).toContainText(text.voucher);
      await expect(page.getByTestId('to-recharge-records')).toHaveText(text.toRecords);
    },
  },
  {
    name: 'withdraw',
    path: () => '/pages/money/widht',
    async check(page, text, world) {
      await expect(title(page)).toHaveText(text.withdraw);
      await expect(page.getByTestId('withdraw-balance')).toContainText(text.available);
      await expect(page.getByTestId('withdraw-available')).toHaveText(world.balance);
      // Filled in from the last withdrawal; its card is offered again, masked.
      await expect(page.getByLabel(text.accountHolder, { exact: true })).toHaveValue('Lina Haddad');
      await expect(page.getByLabel(text.bankName, { exact: true })).toHaveValue('Gulf Bank');
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
      await expect(records.first().getByTestId('record-amount')).toHaveText('50.00');
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
      // Newest first: the waiting withdrawal's two entries, the refused one's four, the credit.
      await expect(entries).toHaveCount(7);
      const newest = entries.filter({ hasText: text.entryRequested }).first();
      await expect(newest.getByTestId('entry-amount')).toHaveText('-50.00');
      await expect(newest).toContainText(text.balanceAfter);
      await expect(entries.filter({ hasText: text.entryRefused }).getByTestId('entry-amount')).toHaveText('+120.00');
      const credit = entries.filter({ hasText: text.entryCredited });
      await expect(credit.getByTestId('entry-amount')).toHaveText(`+${world.credited.payAmount}`);
      await expect(credit.getByTestId('entry-reference')).toHaveText(world.credited.orderNo);
    },
  },
];

let world: World;

test.beforeAll(async () => {
  const account = await registerAccount('moneyshots');
  const operator = await signInOperator();
  const credited = await fundedBy(account.token, operator, amountFrom(1000));
  const refusedRecharge = await recharge(account.token, amountFrom(300));
  await operator.reviewRecharge(refusedRecharge.orderNo, false, 'No payment arrived');
  const card = { name: 'Lina Haddad', bankName: 'Gulf Bank', cardNo: '6222 0000 1234 3456', address: 'Kuwait City', payPassword: account.payPassword };
  const refusedWithdrawal = await withdraw(account.token, { ...card, amount: '120' });
  await operator.reviewWithdrawal(refusedWithdrawal.orderNo, false, REFUSAL);
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
      await page.goto(`./#${screen.path(world)}`);

      await expect(page.locator('html')).toHaveAttribute('dir', text.dir);
      await screen.check(page, text, world);
      // Back sits where a reader of the language starts: left in English, right in Arabic.
      const back = await page.locator('.adm-nav-bar-back').boundingBox();
      const middle = (page.viewportSize()?.width ?? 0) / 2;
      expect(back && (lang === 'ar' ? back.x > middle : back.x + back.width < middle), 'back button on the reading side').toBe(true);
      await page.evaluate(() => document.fonts.ready);
      await saveScreenshot(page, `money-${screen.name}-${lang}`, { fullPage: true });
    });
  }
}

test('a long record list loads its next page when its end comes into view', async ({ page }) => {
  // After the screenshots, which count this account's records: 3 recharges so far, 18 more make 21, past one page of 20.
  // Each is approved at once: one user may keep only five random-decimal recharges under review.
  const operator = await signInOperator();
  for (let n = 0; n < 18; n += 1) {
    const more = await recharge(world.account.token, String(2000 + n * 37));
    await operator.reviewRecharge(more.orderNo, true);
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
