import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import { appCall, registerAccount, type Account } from '../support/api';
import {
  DESKTOP,
  adminSession,
  answered,
  consoleMessage,
  createOperator,
  openConsoleAs,
  operatorCallAs,
  signInThroughApi,
  submitSignIn,
  waitForStillPage,
} from '../support/console';
import { expect, test, type OperatorClient, FAILED_CALL } from '../support/fixtures';
import { amountFrom, recharge } from '../support/money';
import { saveScreenshot } from '../support/screenshots';
import { openRechargeChannel, withSetting } from '../support/settings';

test.use(DESKTOP);

/** The menu, entry by entry, as each role sees it (PRODUCT §9, roles). */
const FINANCE_MENU = ['Dashboard', 'Recharges', 'Withdrawals', 'Pending adjustments', 'Ledger check', 'Users', 'Projects', 'Periods', 'Orders', 'Chases', 'Fairness', 'My account'];
const SUPPORT_MENU = ['Users', 'Invitation codes', 'Outbox', 'Orders', 'Chases', 'Feedback', 'My account'];

const menuEntries = (page: Page) => page.getByRole('menu').getByRole('menuitem');
const row = (page: Page, text: string) => page.locator('tr', { hasText: text });
/** A figure of the user's detail page, e.g. "Balance", as shown (with thousands separators). */
const figure = (page: Page, title: string) =>
  page.locator('.ant-statistic').filter({ has: page.getByText(title, { exact: true }) }).locator('.ant-statistic-content-value');

/** The code an authenticator app shows for `secret` at `seconds` (Unix time). */
const codeAt = (secret: string, seconds: number) => generate({ secret, epoch: seconds });

/** A 6-digit code that is none of the codes the server would take around now (it takes ±1 step). */
async function wrongCode(secret: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const valid = new Set(await Promise.all([-60, -30, 0, 30, 60, 90].map((offset) => codeAt(secret, now + offset))));
  for (let candidate = 123_456; ; candidate = (candidate + 111_111) % 1_000_000) {
    const code = String(candidate).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
}

async function userIdOf(operator: OperatorClient, account: Account): Promise<string> {
  const { items } = await operator.call('/admin/api/users', { q: account.username, page: 1, pageSize: 1 });
  return items[0]!.id;
}

async function balanceOf(account: Account): Promise<string> {
  const assets = await appCall<{ balance: string }>('/api/user/assets', {}, account.token);
  expect(assets.code).toBe(200);
  return assets.data.balance;
}

test('an operator with TOTP signs in with the authenticator code, and a wrong code shows the server’s words', async ({ page, operator, browserErrors }) => {
  // TOTP_REQUIRED and TOTP_INVALID are 401 answers: Chromium logs each as a failed resource.
  browserErrors.expect(FAILED_CALL);
  const finance = await createOperator(operator, 'finance');
  const { token } = await signInThroughApi(finance);
  const { secret } = answered(await operatorCallAs(token, '/admin/api/operators/totp/setup', {}), 'TOTP setup');
  const enabled = await operatorCallAs(token, '/admin/api/operators/totp/enable', { code: await codeAt(secret, Math.floor(Date.now() / 1000)) });
  expect(answered(enabled, 'TOTP enable')).toEqual({ totpEnabled: true });

  // Name and password alone do not get in: the page asks for the code.
  await page.goto('/console/');
  await submitSignIn(page, finance.username, finance.password);
  const signIn = page.getByTestId('sign-in');
  await expect(signIn.getByRole('alert')).toHaveText('This account signs in with a code: enter the 6 digits your authenticator app shows.');
  const codeField = page.getByLabel('Authenticator code');
  await expect(codeField).toBeVisible();
  await expect(codeField).toBeFocused();
  await waitForStillPage(page);
  await saveScreenshot(page, 'console-sign-in-totp');

  await codeField.fill(await wrongCode(secret));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(signIn.getByRole('alert')).toHaveText('The authenticator code is wrong or has already been used.');
  await expect(page.getByTestId('operator-name')).toBeHidden();

  // The code of the step enable used is spent: the next step's code (the server takes ±1 step) gets in.
  await codeField.fill(await codeAt(secret, Math.floor(Date.now() / 1000) + 30));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('operator-name')).toContainText(finance.username);
  await expect(page.getByTestId('operator-name')).toContainText('Finance');
  await expect(page).toHaveURL(/\/console\/dashboard$/);
  await expect(menuEntries(page)).toHaveText(FINANCE_MENU);
});

test('an adjustment above the threshold waits for a second operator, who approves it in the console; the money moves once', async ({ page, operator }) => {
  test.setTimeout(60_000);
  await withSetting(
    operator,
    'adjustApprovalThreshold',
    () => '1000.00',
    async () => {
      const account = await registerAccount('foureyes');
      const userId = await userIdOf(operator, account);
      // Below the threshold an adjustment moves at once: the user starts with 25.00.
      const opening = await operator.call('/admin/api/users/adjust', { userId, account: 'available', amount: '25.00', reason: 'Opening balance' });
      expect(opening).toMatchObject({ status: 'done', balance: '25.00' });
      const proposer = await createOperator(operator, 'finance');
      const proposerSession = await signInThroughApi(proposer);
      const reason = `Refund of a double charge ${account.username}`;

      // Operator A (finance) adjusts the balance by more than the threshold on the user's page.
      await openConsoleAs(page, proposerSession, `/users/${userId}`);
      await expect(page.getByRole('heading', { name: `User ${account.username}` })).toBeVisible();
      await expect(figure(page, 'Balance')).toHaveText('$25.00');
      // Finance may export the statement it reads.
      await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible();
      await page.getByRole('tab', { name: 'Adjust' }).click();
      await page.getByLabel('Amount').fill('1234.56');
      await page.getByLabel('Reason').fill(reason);
      await page.getByRole('button', { name: 'Adjust' }).click();
      // Nothing is sent before A reads the adjustment once more and confirms it.
      const confirmation = page.getByRole('dialog');
      const shown = confirmation.getByTestId('adjustment-confirmation');
      for (const text of [account.username, 'Balance', '+$1,234.56', reason]) await expect(shown).toContainText(text);
      await confirmation.getByRole('button', { name: 'Send the adjustment' }).click();
      await expect(confirmation).toBeHidden();
      const result = page.getByTestId('adjustment-result');
      await expect(result).toContainText('Proposed: $1,234.56 waits for a second operator.');
      await expect(result).toContainText('no money moves until another admin or finance operator approves it');
      await expect(page.getByLabel('Amount')).toHaveValue('');
      await expect(figure(page, 'Balance')).toHaveText('$25.00');
      expect(await balanceOf(account)).toBe('25.00');

      // A's pending adjustments list it, but A's own approval is refused by the server.
      await page.getByRole('menuitem', { name: 'Pending adjustments' }).click();
      await expect(page).toHaveURL(/\/console\/adjustments$/);
      const proposal = row(page, account.username);
      await expect(proposal).toContainText('+$1,234.56');
      await expect(proposal).toContainText(reason);
      await expect(proposal).toContainText(proposer.username);
      await expect(page.getByTestId('adjustments').locator('.ant-spin-spinning')).toHaveCount(0);
      await waitForStillPage(page);
      await saveScreenshot(page, 'console-pending-adjustments');
      await expect(proposal).toContainText('Yours: another operator decides');
      await expect(proposal.getByRole('button', { name: 'Approve' })).toHaveCount(0);
      // Past the console, the server refuses the proposer's own approval.
      const pending = await operator.call('/admin/api/adjustments/pending', { page: 1, pageSize: 50 });
      const adjustmentId = pending.items.find((item) => item.username === account.username)?.id;
      expect(adjustmentId).toBeDefined();
      const ownApproval = await operatorCallAs(proposerSession.token, '/admin/api/adjustments/approve', { id: adjustmentId! });
      expect([ownApproval.status, (ownApproval.envelope.data as { reason: string }).reason]).toEqual([403, 'SELF_APPROVAL']);
      expect(await balanceOf(account)).toBe('25.00');

      // Operator B (the admin) takes the desk and approves it.
      await openConsoleAs(page, adminSession(operator), '/adjustments');
      const forAdmin = row(page, account.username);
      await expect(forAdmin).toContainText(proposer.username);
      await forAdmin.getByRole('button', { name: 'Approve' }).click();
      const confirm = page.locator('.ant-popconfirm');
      await expect(confirm).toContainText('Move this money now?');
      await confirm.getByRole('button', { name: 'Approve' }).click();
      await expect(consoleMessage(page, 'Approved: the money moved.')).toBeVisible();
      await expect(forAdmin).toHaveCount(0);

      // The balance grew by exactly the amount, in the app and on the user's page; a second approval moves nothing.
      expect(await balanceOf(account)).toBe('1259.56');
      await page.goto(`/console/users/${userId}`);
      await expect(figure(page, 'Balance')).toHaveText('$1,259.56');
      const again = await operatorCallAs(operator.token, '/admin/api/adjustments/approve', { id: adjustmentId! });
      expect(again.status).toBe(409);
      expect(again.envelope.data).toMatchObject({ reason: 'ALREADY_REVIEWED' });
      expect(await balanceOf(account)).toBe('1259.56');
      const statement = await operator.call('/admin/api/users/statement', { userId, page: 1, pageSize: 50 });
      expect(statement.items.filter((entry) => entry.kind === 'adjustment').map((entry) => entry.amount)).toEqual(['1234.56', '25.00']);
    },
  );
});

test('a support operator sees no money screens and no adjustment form, and the server refuses its review of a recharge', async ({ page, operator }) => {
  await openRechargeChannel(operator);
  const account = await registerAccount('support');
  const waiting = await recharge(account.token, amountFrom(100));
  const userId = await userIdOf(operator, account);
  const support = await createOperator(operator, 'support');

  await page.goto('/console/');
  await submitSignIn(page, support.username, support.password);
  await expect(page.getByTestId('operator-name')).toContainText(support.username);
  await expect(page.getByTestId('operator-name')).toContainText('Support');
  await expect(page).toHaveURL(/\/console\/users$/);
  await expect(menuEntries(page)).toHaveText(SUPPORT_MENU);
  for (const hidden of ['Recharges', 'Withdrawals', 'Pending adjustments', 'Ledger check', 'Settings']) {
    await expect(page.getByRole('menuitem', { name: hidden })).toHaveCount(0);
  }

  // The user's page, even asked for with the adjustment tab, shows what support may do (freeze) but no adjustment form.
  await page.goto(`/console/users/${userId}?tab=adjust`);
  await expect(page.getByRole('heading', { name: `User ${account.username}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Freeze' })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText(['Statement', 'Orders', 'Chases', 'Invitees (0)']);
  await expect(page.getByRole('tab', { name: 'Statement' })).toHaveAttribute('aria-selected', 'true');
  // Support reads the statement but may not export it.
  await expect(page.getByTestId('statement')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Adjust' })).toHaveCount(0);
  await expect(page.getByLabel('Amount')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Adjust' })).toHaveCount(0);

  // The token the console holds cannot review money through the API either.
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('console-session') ?? '{}') as { token?: string }).token ?? '');
  expect(token).not.toBe('');
  const review = await operatorCallAs(token, '/admin/api/recharges/review', { orderNo: waiting.orderNo, approve: true });
  expect(review.status).toBe(403);
  expect(review.envelope.code).toBe(403);
  expect(review.envelope).toMatchObject({ mess: 'Your role does not allow this action.', data: { reason: 'ROLE_FORBIDDEN' } });
  const recharges = await appCall<{ items: { orderNo: string; status: string }[] }>('/api/money/recharge_list', { page: 1, pageSize: 20 }, account.token);
  expect(recharges.data.items.find((item) => item.orderNo === waiting.orderNo)?.status).toBe('review');
  // Still the admin's to decide: refused here, so no recharge of this test stays waiting for the next ones.
  await operator.call('/admin/api/recharges/review', { orderNo: waiting.orderNo, approve: false, remark: 'Test recharge, never paid' });
});
