import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { appCall, registerAccount } from '../support/api';
import { DESKTOP, consoleMessage, openConsole, signInToConsole } from '../support/console';
import { removeContent } from '../support/content';
import { expect, test } from '../support/fixtures';
import { amountFrom, fundedBy, recharge, withdraw } from '../support/money';
import { saveScreenshot } from '../support/screenshots';
import { openRechargeChannel } from '../support/settings';

test.use(DESKTOP);

const row = (page: Page, text: string) => page.locator('tr', { hasText: text });

test('an operator signs in, approves a recharge made in the app and refuses a withdrawal with a remark', async ({ page, operator }) => {
  test.setTimeout(60_000);
  await openRechargeChannel(operator);
  const account = await registerAccount('console');
  await fundedBy(account.token, operator, '500');
  const toApprove = await recharge(account.token, amountFrom(100));
  const toRefuse = await withdraw(account.token, {
    name: 'Ada Lovelace',
    bankName: 'First Coast Bank',
    cardNo: '6222021001234567890',
    address: '1 Harbour Road',
    amount: '120.00',
    payPassword: account.payPassword,
  });

  // A session that ended (or never began) leads to the sign-in page, which leads back.
  await signInToConsole(page, `/console/recharges?q=${toApprove.orderNo}`);
  await expect(page).toHaveURL(new RegExp(`/console/recharges\\?q=${toApprove.orderNo}$`));
  const rechargeRow = row(page, toApprove.orderNo);
  await expect(rechargeRow).toContainText(account.username);
  await expect(rechargeRow).toContainText(toApprove.payAmount);
  await expect(rechargeRow).toContainText('Under review');
  await rechargeRow.getByRole('button', { name: 'Approve' }).click();
  const approveDialog = page.getByRole('dialog');
  await expect(approveDialog).toContainText(`Approve ${toApprove.orderNo}?`);
  // The answer may take a while on a machine busy with other suites: the message follows it.
  const reviewed = page.waitForResponse((response) => response.url().endsWith('/admin/api/recharges/review'), { timeout: 20_000 });
  await approveDialog.getByRole('button', { name: 'Approve' }).click();
  expect((await reviewed).status()).toBe(200);
  await expect(consoleMessage(page, `${toApprove.orderNo} approved`)).toBeVisible();
  await expect(approveDialog).toBeHidden();
  // The queue shows what waits: the approved recharge has left it.
  await expect(page.getByTestId('recharges')).toContainText('No data');

  await page.getByRole('menuitem', { name: 'Withdrawals' }).click();
  const withdrawalRow = row(page, toRefuse.orderNo);
  await expect(withdrawalRow).toContainText('6222021001234567890');
  await withdrawalRow.getByRole('button', { name: 'Refuse' }).click();
  const refuseDialog = page.getByRole('dialog');
  await refuseDialog.getByRole('button', { name: 'Refuse' }).click();
  await expect(refuseDialog).toContainText('Please give the reason for refusing; the user will see it.');
  await refuseDialog.getByLabel('Remark').fill('The card number does not match the name');
  await saveScreenshot(page, 'console-withdrawal-refuse');
  await refuseDialog.getByRole('button', { name: 'Refuse' }).click();
  await expect(consoleMessage(page, `${toRefuse.orderNo} refused`)).toBeVisible();

  // What the user sees in the app: the recharge credited, the withdrawal refused with the remark, its money back.
  const recharges = await appCall<{ items: { orderNo: string; status: string }[] }>('/api/money/recharge_list', { page: 1, pageSize: 20 }, account.token);
  expect(recharges.data.items.find((item) => item.orderNo === toApprove.orderNo)?.status).toBe('completed');
  const withdrawals = await appCall<{ items: { orderNo: string; status: string; remark: string }[] }>('/api/money/widht_list', { page: 1, pageSize: 20 }, account.token);
  expect(withdrawals.data.items.find((item) => item.orderNo === toRefuse.orderNo)).toMatchObject({ status: 'refused', remark: 'The card number does not match the name' });
  const assets = await appCall<{ balance: string; freeze: string }>('/api/user/assets', {}, account.token);
  expect(assets.data.freeze).toBe('0.00');

  // Signing out ends the session: the console asks to sign in again.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByTestId('sign-in')).toBeVisible();
  await page.goto('/console/withdrawals');
  await expect(page.getByTestId('sign-in')).toBeVisible();
});

test('an operator publishes a notice in English and Simplified Chinese, and the preview shows it as saved', async ({ page, operator }) => {
  const tag = randomBytes(3).toString('hex');
  await openConsole(page, operator, '/content?kind=notice');
  await page.getByRole('button', { name: 'New content' }).click();
  const drawer = page.getByRole('dialog');
  const english = drawer.getByRole('tabpanel', { name: 'Default language' });
  await english.getByLabel('Title').fill(`Maintenance on Sunday ${tag}`);
  await english.getByLabel('Text (HTML)').fill('<p>The service pauses from <b>02:00</b> to 03:00.</p><script>alert(1)</script>');
  await drawer.getByRole('tab', { name: '简体中文' }).click();
  const chinese = drawer.getByRole('tabpanel', { name: '简体中文' });
  await chinese.getByLabel('Title').fill(`周日维护 ${tag}`);
  await chinese.getByLabel('Text (HTML)').fill('<p>服务将于 02:00 至 03:00 暂停。</p>');
  await drawer.getByTestId('content-save').click();
  await expect(consoleMessage(page, 'Saved')).toBeVisible();

  const preview = page.getByTestId('content-preview');
  await expect(preview).toContainText(`Maintenance on Sunday ${tag}`);
  await expect(preview).toContainText('The service pauses from 02:00 to 03:00.');
  await expect(preview.locator('script')).toHaveCount(0);
  await preview.getByText('简体中文').click();
  await expect(preview).toContainText(`周日维护 ${tag}`);
  await saveScreenshot(page, 'console-content-editor');

  const saved = (await operator.call('/admin/api/content/list', { kind: 'notice', page: 1, pageSize: 50 })).items.find((item) => item.title === `Maintenance on Sunday ${tag}`);
  expect(saved?.translations['zh-CN']).toEqual({ title: `周日维护 ${tag}`, content: '<p>服务将于 02:00 至 03:00 暂停。</p>' });
  const notices = await appCall<{ items: { title: string }[] }>('/api/notice/list', { page: 1, pageSize: 50 });
  expect(notices.data.items.map((item) => item.title)).toContain(`Maintenance on Sunday ${tag}`);
  await removeContent(operator, saved!.id);
});

test('an operator answers feedback, and the user reads the reply', async ({ page, operator }) => {
  const account = await registerAccount('feedback');
  const sent = await appCall('/api/feedback/submit', { email: 'reader@example.com', content: `Could the statement show the order number? ${account.username}` }, account.token);
  expect(sent.code).toBe(200);

  await openConsole(page, operator, '/feedback');
  const feedbackRow = row(page, account.username);
  await expect(feedbackRow).toContainText('Waiting');
  await feedbackRow.click();
  await page.getByLabel('Reply').fill('Yes: every movement now names its order.');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(consoleMessage(page, 'Reply sent')).toBeVisible();

  const mine = await appCall<{ items: { reply: string | null }[] }>('/api/feedback/mine', { page: 1, pageSize: 10 }, account.token);
  expect(mine.data.items[0]?.reply).toBe('Yes: every movement now names its order.');
});

test('an operator verifies the ledger and sees it consistent', async ({ page, operator }) => {
  await openConsole(page, operator, '/ledger');
  await page.getByTestId('ledger-verify').click();
  const report = page.getByTestId('ledger-report');
  await expect(report).toContainText('The ledger is consistent.');
  await expect(report).toContainText('Transfers');
  await saveScreenshot(page, 'console-ledger');
});
