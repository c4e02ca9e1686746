import type { Page } from '@playwright/test';
import { formatMoney, parseMoney } from '@wallet/contract/core';
import { expect, latestToast, test, FAILED_CALL } from '../support/fixtures';
import { submitAgain } from '../support/forms';
import { amountFrom, fundedBy, shownAmount } from '../support/money';
import { saveScreenshot } from '../support/screenshots';
import { signInNewAccount } from '../support/session';
import { E2E_CHANNEL, openRechargeChannel } from '../support/settings';

/** A 1×1 PNG: the server checks an upload's content, not its name. */
const PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYPj/HwADAgH/2mRCuQAAAABJRU5ErkJggg==', 'base64');

const toast = latestToast;
const title = (page: Page) => page.locator('.adm-nav-bar-title');
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** The amount field's label names the operator's currency (USD, "$", at first start). */
const AMOUNT = 'Amount ($ USD)';

function cents(money: string): number {
  const parsed = parseMoney(money);
  if (!parsed.ok) throw new Error(`not money: ${money}`);
  return parsed.cents;
}

/** Taps the six digits on the number keyboard that slides up under the passcode boxes. */
async function typeOnKeyboard(page: Page, digits: string): Promise<void> {
  const keyboard = page.locator('.adm-number-keyboard');
  await expect(keyboard).toBeVisible();
  for (const digit of digits) await keyboard.getByRole('button', { name: digit, exact: true }).click();
  await expect(keyboard).toBeHidden();
}

/** Drags the page down from the top with one finger, as a phone user refreshes a list. */
async function pullDown(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const at = (y: number) => [{ x: 195, y }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(200) });
  for (const y of [240, 280, 320, 360, 400]) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(y) });
  await expect(page.getByTestId('pull-to-refresh')).toHaveText('Release to refresh');
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

async function openAssets(page: Page): Promise<void> {
  await page.goto('./#/pages/money/assets');
  await expect(title(page)).toHaveText('My assets');
}

test('recharge through the screens, approval, a withdrawal with the payment password, its refusal and the money back', async ({
  page,
  context,
  browserErrors,
  operator,
}) => {
  test.setTimeout(90_000);
  browserErrors.expect(FAILED_CALL);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const account = await signInNewAccount(page, 'journey');
  await openRechargeChannel(operator);

  // From Mine to the assets: nothing yet.
  await page.goto('./#/pages/myindex/user');
  await page.locator('.app-menu .adm-list-item').filter({ hasText: 'My assets' }).click();
  await expect(title(page)).toHaveText('My assets');
  await expect(page.getByTestId('assets-balance')).toHaveText('$0.00');

  // Recharge 500 on the bank transfer channel.
  await page.getByTestId('assets-recharge').click();
  await expect(title(page)).toHaveText('Recharge');
  await expect(page.getByRole('radio', { name: /Bank transfer/ })).toHaveAttribute('aria-checked', 'true');
  await field(page, AMOUNT).fill('5');
  await page.getByTestId('recharge-submit').click();
  await expect(page.getByText(`Enter an amount from ${shownAmount('10.00')} to ${shownAmount('50000.00')}`)).toBeVisible();
  await page.getByTestId('quick-pick').filter({ hasText: /^500$/ }).click();
  await submitAgain(page, 'recharge-submit');

  // What to pay: 500 and a random tenth, to be paid exactly.
  await expect(page.getByTestId('recharge-confirmation')).toContainText('Pay exactly');
  await expect(page.getByTestId('pay-amount')).toHaveText(/^\$500\.[1-9]0$/);
  const payAmount = ((await page.getByTestId('pay-amount').textContent()) ?? '').replace('$', '');
  await expect(page.getByTestId('requested-amount')).toHaveText('$500.00');
  await expect(page.getByTestId('random-decimal-note')).toContainText(`Pay exactly ${shownAmount(payAmount)}`);
  await expect(page).toHaveURL(/#\/pages\/money\/recharge\?order=R/);
  const orderNo = (await page.getByTestId('recharge-order-no').textContent()) ?? '';

  await page.getByTestId('copy-pay-amount').click();
  await expect(toast(page)).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(payAmount);
  const accountNumber = page.getByTestId('channel-detail').filter({ hasText: 'Account number' });
  await accountNumber.getByTestId('copy-detail').click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(E2E_CHANNEL.details.find((d) => d.label === 'Account number')?.value);

  // The voucher of the payment.
  await page.getByTestId('voucher-file').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PIXEL_PNG });
  await expect(toast(page)).toHaveText('Voucher uploaded');
  await expect(page.getByTestId('voucher-image')).toBeVisible();
  await expect(page.getByTestId('voucher-pick')).toHaveText('Replace voucher');

  // The record waits for review, and opens the payment details again.
  await page.getByTestId('to-recharge-records').click();
  await expect(title(page)).toHaveText('Recharge records');
  const rechargeRecord = page.getByTestId('record').filter({ hasText: orderNo });
  await expect(rechargeRecord.getByTestId('record-status')).toHaveText('Under review');
  await expect(rechargeRecord.getByTestId('record-amount')).toHaveText(shownAmount(payAmount));
  await rechargeRecord.getByTestId('open-recharge').click();
  await expect(page.getByTestId('pay-amount')).toHaveText(shownAmount(payAmount));
  await expect(page.getByTestId('voucher-image')).toBeVisible();

  // The operator finds the payment and approves: the exact amount paid is credited.
  await operator.call('/admin/api/recharges/review', { orderNo, approve: true });
  await openAssets(page);
  await expect(page.getByTestId('assets-balance')).toHaveText(shownAmount(payAmount));
  await expect(page.getByTestId('assets-freeze')).toHaveText('$0.00');
  await expect(page.getByTestId('total-recharged')).toHaveText(shownAmount(payAmount));

  // Withdraw 200 to a new card.
  await page.getByTestId('assets-withdraw').click();
  await expect(title(page)).toHaveText('Withdraw');
  await expect(page.getByTestId('withdraw-available')).toHaveText(shownAmount(payAmount));
  await field(page, 'Account holder').fill('Amira Haddad');
  await field(page, 'Bank name').fill('First Bank, Main Street');
  await field(page, 'Card number').fill('6222 0211 0000 1234');
  await field(page, 'Address (optional)').fill('12 Main Street');
  await page.getByTestId('withdraw-all').click();
  await expect(field(page, AMOUNT)).toHaveValue(payAmount);
  await field(page, AMOUNT).fill('200');
  await expect(page.getByTestId('quote-fee')).toHaveText('$2.00');
  await expect(page.getByTestId('quote-arrival')).toHaveText('$198.00');

  // A wrong payment password first: the boxes empty and say how many tries are left.
  await page.getByTestId('withdraw-submit').click();
  await expect(page.getByText('Please enter your 6-digit payment password')).toBeVisible();
  await page.getByTestId('withdraw-pay-password').click();
  await typeOnKeyboard(page, '000000');
  await submitAgain(page, 'withdraw-submit');
  await expect(page.getByText('Wrong payment password. Attempts left before withdrawals lock: 4')).toBeVisible();
  await saveScreenshot(page, 'money-withdraw-wrong-password-en');
  await typeOnKeyboard(page, account.payPassword);
  await submitAgain(page, 'withdraw-submit');
  await expect(toast(page)).toHaveText('Withdrawal submitted for review');

  // The withdrawal waits for review; its amount is frozen.
  await expect(title(page)).toHaveText('Withdrawal records');
  const withdrawal = page.getByTestId('record').first();
  await expect(withdrawal.getByTestId('record-amount')).toHaveText('$200.00');
  await expect(withdrawal.getByTestId('record-status')).toHaveText('Under review');
  await expect(withdrawal.getByTestId('record-arrival')).toHaveText('$198.00');
  await expect(withdrawal).toContainText('First Bank, Main Street •••• 1234');
  const withdrawalNo = (await withdrawal.getByTestId('record-order-no').textContent()) ?? '';
  const left = formatMoney(cents(payAmount) - 200_00);
  await openAssets(page);
  await expect(page.getByTestId('assets-balance')).toHaveText(shownAmount(left));
  await expect(page.getByTestId('assets-freeze')).toHaveText('$200.00');

  // The operator refuses it while the records are open: pulling the list down shows the refusal and its reason.
  await page.getByTestId('assets-withdraw-records').click();
  await expect(title(page)).toHaveText('Withdrawal records');
  const record = page.getByTestId('record').filter({ hasText: withdrawalNo });
  await expect(record.getByTestId('record-status')).toHaveText('Under review');
  await operator.call('/admin/api/withdrawals/review', { orderNo: withdrawalNo, approve: false, remark: 'The card holder name does not match' });
  await pullDown(page);
  await expect(record.getByTestId('record-status')).toHaveText('Refused');
  await expect(record.getByTestId('record-remark')).toHaveText('Reason for refusal: The card holder name does not match');
  await page.getByTestId('status-tab-completed').click();
  await expect(page).toHaveURL(/status=completed/);
  await expect(page.getByTestId('empty-state')).toContainText('No records yet');
  await page.getByTestId('status-tab-refused').click();
  await expect(page.getByTestId('record')).toHaveCount(1);

  // The money is back.
  await openAssets(page);
  await expect(page.getByTestId('assets-balance')).toHaveText(shownAmount(payAmount));
  await expect(page.getByTestId('assets-freeze')).toHaveText('$0.00');
  await expect(page.getByTestId('total-withdrawn')).toHaveText('$0.00');

  // The statement tells the story one movement at a time, newest first, each with the balance after it.
  await page.goto('./#/pages/money/statement');
  await expect(title(page)).toHaveText('Statement');
  const entries = page.getByTestId('statement-entry');
  await expect(entries).toHaveCount(3);
  const story: [meaning: string, note: string, amount: string, after: string][] = [
    ['Withdrawal refused', 'Back to your balance', '+$200.00', shownAmount(payAmount)],
    ['Withdrawal', 'Frozen until reviewed', '-$200.00', shownAmount(left)],
    ['Recharge', 'Credited to your balance', shownAmount(`+${payAmount}`), shownAmount(payAmount)],
  ];
  for (const [index, [meaning, note, amount, after]] of story.entries()) {
    const entry = entries.nth(index);
    await expect(entry.getByTestId('entry-meaning')).toHaveText(meaning);
    await expect(entry.getByTestId('entry-note')).toHaveText(note);
    await expect(entry.getByTestId('entry-amount')).toHaveText(amount);
    await expect(entry.getByTestId('entry-balance-after')).toHaveText(after);
  }

  // Behind a movement: its reference and each account it moved.
  await entries.nth(1).click();
  const detail = page.getByTestId('statement-detail');
  await expect(detail.getByTestId('detail-reference')).toHaveText(withdrawalNo);
  const legs = detail.getByTestId('statement-leg');
  await expect(legs).toHaveCount(2);
  await expect(legs.filter({ hasText: 'Balance' }).getByTestId('leg-amount')).toHaveText('-$200.00');
  await expect(legs.filter({ hasText: 'Balance' }).getByTestId('leg-balance-after')).toHaveText(shownAmount(left));
  await expect(legs.filter({ hasText: 'Frozen' }).getByTestId('leg-amount')).toHaveText('+$200.00');
  await expect(legs.filter({ hasText: 'Frozen' }).getByTestId('leg-balance-after')).toHaveText('$200.00');
  await saveScreenshot(page, 'money-statement-detail-en');
  await detail.locator('.adm-popup-close-icon').click();
  await expect(detail).toHaveCount(0);
  await entries.nth(2).click();
  await expect(page.getByTestId('detail-reference')).toHaveText(orderNo);
  await page.locator('.adm-popup-close-icon').click();

  // The next withdrawal pays to the same card without typing its number again.
  await openAssets(page);
  await page.getByTestId('assets-withdraw').click();
  await expect(field(page, 'Account holder')).toHaveValue('Amira Haddad');
  await expect(page.getByTestId('card-last')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('card-last')).toContainText('•••• 1234');
  await field(page, AMOUNT).fill('100');
  await page.getByTestId('withdraw-pay-password').click();
  await typeOnKeyboard(page, account.payPassword);
  await page.getByTestId('withdraw-submit').click();
  await expect(toast(page)).toHaveText('Withdrawal submitted for review');
  const again = page.getByTestId('record').first();
  await expect(again.getByTestId('record-amount')).toHaveText('$100.00');
  await expect(again).toContainText('First Bank, Main Street •••• 1234');

  // Paid out: one movement of the frozen funds; the balance moved once, at the request.
  const againNo = (await again.getByTestId('record-order-no').textContent()) ?? '';
  await operator.call('/admin/api/withdrawals/review', { orderNo: againNo, approve: true });
  await page.goto('./#/pages/money/statement');
  await expect(entries).toHaveCount(5);
  const paidOut = entries.first();
  await expect(paidOut.getByTestId('entry-meaning')).toHaveText('Withdrawal paid out');
  await expect(paidOut.getByTestId('entry-amount')).toHaveText('$100.00');
  // The line is labelled by the account it moved: the frozen funds, none left.
  await expect(paidOut).toContainText('Frozen after');
  await expect(paidOut.getByTestId('entry-balance-after')).toHaveText('$0.00');
  await expect(entries.nth(1).getByTestId('entry-amount')).toHaveText('-$100.00');
});

test('five wrong payment passwords lock withdrawals and point to a new payment password', async ({ page, browserErrors, operator }) => {
  test.setTimeout(60_000);
  browserErrors.expect(FAILED_CALL);
  const account = await signInNewAccount(page, 'locked');
  await openRechargeChannel(operator);
  await fundedBy(account.token, operator, amountFrom(100));

  await page.goto('./#/pages/money/widht');
  await expect(title(page)).toHaveText('Withdraw');
  await field(page, 'Account holder').fill('Omar Saleh');
  await field(page, 'Bank name').fill('Harbour Bank');
  await field(page, 'Card number').fill('1234567890');
  await field(page, AMOUNT).fill('50');
  await page.getByTestId('withdraw-pay-password').click();
  for (let attemptsLeft = 4; attemptsLeft >= 1; attemptsLeft -= 1) {
    await typeOnKeyboard(page, '999999');
    await submitAgain(page, 'withdraw-submit');
    await expect(page.getByText(`Attempts left before withdrawals lock: ${attemptsLeft}`)).toBeVisible();
  }
  await typeOnKeyboard(page, '999999');
  await submitAgain(page, 'withdraw-submit');
  const lock = page.getByTestId('pay-password-locked');
  await expect(lock).toContainText('withdrawals are locked. Try again in 30 min');
  await saveScreenshot(page, 'money-withdraw-locked-en');
  await lock.getByTestId('reset-pay-password').click();
  await expect(title(page)).toHaveText('Payment password');
});
