import type { Locator, Page } from '@playwright/test';
import { appCall, registerAccount, type Account } from '../support/api';
import { isBlocking, violationsOn } from '../support/axe';
import { DESKTOP, openConsole } from '../support/console';
import { gradientPng, uploadAs } from '../support/content';
import { expect, test } from '../support/fixtures';
import { placeOrder, waitForOpenPeriod } from '../support/game';
import { amountFrom, fundedBy, withdraw } from '../support/money';
import { copyToDocs, saveScreenshot } from '../support/screenshots';
import { E2E_CHANNEL, openRechargeChannel } from '../support/settings';

// axe-core is injected as a script, which the console's script policy would refuse.
test.use({ ...DESKTOP, bypassCSP: true });

/** The first-start project with one-minute periods: open most of the time. */
const PROJECT = 'fast3-1m';

let account: Account;
let userId: string;

/** A day of work waiting: a recharge with its voucher, a withdrawal, a feedback, orders in the open period and an adjustment above the threshold. */
test.beforeAll(async ({ operator }) => {
  test.setTimeout(90_000);
  await openRechargeChannel(operator);
  account = await registerAccount('screens');
  await fundedBy(account.token, operator, '3000');
  const voucher = await uploadAs(account.token, gradientPng(120, 160, [22, 119, 255], [82, 196, 26]));
  const pending = await appCall('/api/money/recharge', { channelId: E2E_CHANNEL.id, amount: amountFrom(200), requestId: crypto.randomUUID(), voucher }, account.token);
  expect(pending.code).toBe(200);
  await withdraw(account.token, { name: 'Ada Lovelace', bankName: 'First Coast Bank', cardNo: '6222021001234567890', address: '1 Harbour Road', amount: '250.00', payPassword: account.payPassword });
  await appCall('/api/feedback/submit', { email: 'reader@example.com', content: 'The withdrawal page could say how long a review usually takes.' }, account.token);
  const period = await waitForOpenPeriod(account.token, PROJECT, 5);
  await placeOrder(account.token, PROJECT, period.periodNo, [
    { option: 'big', quantity: 20 },
    { option: 'sum-10', quantity: 5 },
    { option: 'triple-6', quantity: 2 },
  ]);
  userId = (await operator.call('/admin/api/users', { q: account.username, page: 1, pageSize: 1 })).items[0]!.id;
  await operator.call('/admin/api/users/adjust', { userId, account: 'available', amount: '1500.00', reason: 'Compensation for the outage of 3 May' });
});

/**
 * Waits until `ready` shows, then keeps the page as a picture (the whole page, or the screen when a drawer
 * covers it) and checks it with axe-core: no serious or critical violation, each screen reported on its own.
 */
async function shoot(page: Page, name: string, ready: Locator, fullPage = true): Promise<void> {
  await expect(ready).toBeVisible();
  // Rows and drawers fade in; the picture waits for the last frame.
  await page.waitForTimeout(300);
  await saveScreenshot(page, name, { fullPage });
  const blocking = (await violationsOn(page)).filter(isBlocking);
  expect.soft(blocking, `axe-core on ${name}`).toEqual([]);
}

const firstRow = (page: Page, testId: string) => page.getByTestId(testId).locator('tbody tr.ant-table-row').first();

test('every console screen, as an admin sees it, with nothing axe-core finds serious', async ({ page, operator }) => {
  test.setTimeout(180_000);
  await page.goto('/console/');
  await shoot(page, 'console-sign-in', page.getByTestId('sign-in'));

  await openConsole(page, operator, '/dashboard');
  await shoot(page, 'console-dashboard', page.getByTestId('range-figures'));
  await expect(page.getByTestId('queue-recharges')).toContainText(/[1-9]/);

  await page.goto('/console/recharges');
  await shoot(page, 'console-recharges', firstRow(page, 'recharges').locator('img'));
  await page.goto('/console/withdrawals');
  await shoot(page, 'console-withdrawals', firstRow(page, 'withdrawals'));
  await page.goto('/console/adjustments');
  await shoot(page, 'console-adjustments', firstRow(page, 'adjustments'));

  await page.goto('/console/users');
  await shoot(page, 'console-users', firstRow(page, 'users'));
  await page.getByRole('link', { name: account.username }).first().click();
  await shoot(page, 'console-user-detail', firstRow(page, 'statement'));
  await page.getByRole('tab', { name: 'Adjust' }).click();
  await shoot(page, 'console-user-adjust', page.getByRole('button', { name: 'Adjust' }));

  await page.goto('/console/orders');
  await shoot(page, 'console-orders', firstRow(page, 'orders'));
  await page.goto('/console/projects');
  await shoot(page, 'console-projects', firstRow(page, 'projects'));
  await firstRow(page, 'projects').getByRole('button', { name: 'Edit' }).click();
  await shoot(page, 'console-project-editor', page.getByTestId('rtp-big'), false);
  await page.keyboard.press('Escape');
  // Orders in a period that stays open while the page loads: the ones of the setup may be drawn by now.
  const open = await waitForOpenPeriod(account.token, PROJECT, 15);
  await placeOrder(account.token, PROJECT, open.periodNo, [
    { option: 'big', quantity: 20 },
    { option: 'sum-10', quantity: 5 },
  ]);
  await page.goto(`/console/periods?projectId=${PROJECT}&periodNo=${open.periodNo}`);
  await shoot(page, 'console-periods', page.getByTestId('exposure').locator('tbody tr.ant-table-row').first());

  await page.goto('/console/content');
  await shoot(page, 'console-content', firstRow(page, 'content'));
  await page.goto('/console/feedback');
  await firstRow(page, 'feedback').click();
  await shoot(page, 'console-feedback', page.getByRole('button', { name: 'Send reply' }));

  await page.goto('/console/settings');
  await shoot(page, 'console-settings', page.getByTestId('settings-release'));
  await page.goto('/console/invites');
  await page.getByRole('button', { name: 'New invitation code' }).click();
  await shoot(page, 'console-invites', page.getByTestId('invite-codes').locator('code'));
  await page.goto('/console/outbox');
  await shoot(page, 'console-outbox', page.getByTestId('outbox'));
  await page.goto('/console/audit');
  await firstRow(page, 'audit').locator('.ant-table-row-expand-icon').click();
  await shoot(page, 'console-audit', page.getByText('Before', { exact: true }));
  await page.goto('/console/ledger');
  await page.getByTestId('ledger-verify').click();
  await shoot(page, 'console-ledger', page.getByTestId('ledger-report'));
  await page.goto('/console/operators');
  await shoot(page, 'console-operators', firstRow(page, 'operators'));
  await page.goto('/console/account');
  await page.getByRole('button', { name: 'Set up sign-in codes' }).click();
  await shoot(page, 'console-account', page.getByTestId('totp-qr'));

  for (const name of ['console-dashboard', 'console-recharges', 'console-users']) copyToDocs(name);
});

test("a user's limits and permanent self-exclusion, set in the app, read on the user in the console", async ({ page, operator }) => {
  const player = await registerAccount('protect');
  const protect = async (path: string, fields: Record<string, unknown>) => expect((await appCall(path, fields, player.token)).code).toBe(200);
  await protect('/api/user/limits/save', { kind: 'deposit', period: 'week', amount: '500.00' });
  // A higher limit waits 24 hours: the console shows it beside the one in force.
  await protect('/api/user/limits/save', { kind: 'deposit', period: 'week', amount: '900.00' });
  await protect('/api/user/limits/save', { kind: 'loss', period: 'day', amount: '50.00' });
  await protect('/api/user/limits/save', { kind: 'realityCheck', minutes: 30 });
  await protect('/api/user/selfExclude', { months: 0, password: player.password });
  const playerId = (await operator.call('/admin/api/users', { q: player.username, page: 1, pageSize: 1 })).items[0]!.id;

  await openConsole(page, operator, `/users/${playerId}`);
  const section = page.getByTestId('user-protection');
  await expect(section.getByTestId('break-tags')).toHaveText('Self-excluded permanently');
  await expect(section.getByTestId('limit-deposit-week')).toContainText('500.00');
  await expect(section.getByTestId('limit-deposit-week')).toContainText(/Raise to \D*900\.00/);
  await expect(section.getByTestId('limit-loss-day')).toContainText('50.00');
  await expect(section.getByText('Every 30 min', { exact: true })).toBeVisible();
  const changes = section.getByTestId('protection-changes').locator('tbody tr.ant-table-row');
  await expect(changes).toHaveCount(5);
  await expect(changes.first()).toContainText('Self-exclusion');
  await expect(changes.first()).toContainText('None → Permanent');
  await shoot(page, 'console-user-protection', section);
  copyToDocs('console-user-protection');
});

test('the console in Simplified Chinese', async ({ page, operator }) => {
  await openConsole(page, operator, '/dashboard', 'zh-CN');
  await expect(page.getByRole('heading', { name: '数据看板' })).toBeVisible();
  await shoot(page, 'console-dashboard-zh', page.getByTestId('range-figures'));
  await page.goto('/console/recharges');
  await expect(page.getByRole('radio', { name: '审核中' })).toBeChecked();
  await shoot(page, 'console-recharges-zh', firstRow(page, 'recharges'));
});
