import { appCall, registerAccount } from '../support/api';
import { DESKTOP, openConsole } from '../support/console';
import { expect, test } from '../support/fixtures';
import { waitForOpenPeriod } from '../support/game';
import { fundedBy } from '../support/money';
import { copyToDocs, saveScreenshot } from '../support/screenshots';
import { openRechargeChannel } from '../support/settings';

test.use(DESKTOP);

/** The first-start project with one-minute periods. */
const PROJECT = 'fast3-1m';

test("an operator reads a user's chases, each period's state, on the chases screen and on the user", async ({ page, operator }) => {
  test.setTimeout(90_000);
  await openRechargeChannel(operator);
  const account = await registerAccount('chaser');
  await fundedBy(account.token, operator, '500');
  const period = await waitForOpenPeriod(account.token, PROJECT, 5);
  const chase = await appCall<{ chaseNo: string }>(
    '/api/game/chase',
    { projectId: PROJECT, startPeriodNo: period.periodNo, periods: 4, selections: [{ option: 'big', quantity: 3 }], stopOnWin: true, requestId: crypto.randomUUID() },
    account.token,
  );
  expect(chase.code).toBe(200);
  const { chaseNo } = chase.data;

  await openConsole(page, operator, `/chases?username=${account.username}`);
  const row = page.getByTestId('chases').locator('tbody tr.ant-table-row').filter({ hasText: chaseNo });
  await expect(row).toBeVisible();
  await expect(row).toContainText(account.username);
  await expect(row).toContainText('$3.00');
  await expect(row.getByTestId('chase-period')).toHaveCount(4);
  await expect(row.getByTestId('chase-period').first()).toHaveAttribute('data-state', /^(placed|won|lost)$/);
  await expect(row.getByTestId('chase-period').last()).toHaveAttribute('data-state', 'waiting');
  await page.waitForTimeout(300);
  await saveScreenshot(page, 'console-chases');
  copyToDocs('console-chases');

  await row.getByRole('link', { name: account.username }).click();
  await page.getByRole('tab', { name: 'Chases' }).click();
  const onUser = page.getByTestId('chases').locator('tbody tr.ant-table-row');
  await expect(onUser).toHaveCount(1);
  await expect(onUser.first()).toContainText(chaseNo);
  await expect(onUser.first().getByTestId('chase-period')).toHaveCount(4);
});
