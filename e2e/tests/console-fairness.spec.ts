import type { Locator, Page } from '@playwright/test';
import type { FakeBeacon } from '../../apps/server/src/testing/fake-beacon';
import { startBeaconServer, type BeaconServer } from '../support/beacon-server';
import { isBlocking, violationsOn } from '../support/axe';
import { DESKTOP, answered, openConsole, signInToConsole, waitForStillPage } from '../support/console';
import { expect, test, type OperatorClient } from '../support/fixtures';
import { createQuickProject } from '../support/game';
import { copyToDocs, saveScreenshot } from '../support/screenshots';
import { E2E_PORT } from '../support/server';

// axe-core is injected as a script, which the console's script policy would refuse.
test.use({ ...DESKTOP, bypassCSP: true });

/**
 * How long a draw waits for its round before its period is void: longer
 * than the 15 s after which a draw counts as late, so the late draw is seen
 * on the dashboard before the period turns void.
 */
const BEACON_TIMEOUT_SECONDS = 30;

/** A project of the test's own, on 10-second periods: a draw is due within seconds. */
const QUICK_PROJECT_NAME = 'Fast 3 · 10 s';

/** Keeps the page as a picture in the docs, and checks it with axe-core: nothing serious or critical. */
async function shoot(page: Page, name: string): Promise<void> {
  await waitForStillPage(page);
  await saveScreenshot(page, name);
  copyToDocs(name);
  expect.soft((await violationsOn(page)).filter(isBlocking), `axe-core on ${name}`).toEqual([]);
}

/** Reloads until `shown` appears: what these pages show follows the server's clock and the beacon's rounds. */
async function reloadUntilVisible(page: Page, shown: Locator, timeout: number): Promise<void> {
  await expect(async () => {
    await page.reload();
    await expect(shown).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout, intervals: [1_000] });
}

test('without a beacon the fairness page says the draws use the server seed alone, and the dashboard raises no late draw', async ({ page, operator }) => {
  await openConsole(page, operator, '/fairness');
  await expect(page.getByTestId('no-beacon')).toContainText('No beacon: draws use the server seed alone.');
  await expect(page.getByTestId('no-late-draws')).toHaveText('No draw is late.');

  await page.getByRole('menuitem', { name: 'Dashboard' }).click();
  await expect(page.getByTestId('today-figures')).toBeVisible();
  await expect(page.getByTestId('late-draws')).toHaveCount(0);
});

/** The console's API on a server of the test's own, signed in as the operator the browser signed in as. */
async function operatorOf(page: Page): Promise<OperatorClient> {
  const { token } = await page.evaluate(() => JSON.parse(localStorage.getItem('console-session') ?? '{}') as { token: string });
  return {
    token,
    call: async (path, body) => {
      const response = await page.request.post(path, { data: body, headers: { authorization: `Bearer ${token}` } });
      return answered({ status: response.status(), envelope: await response.json() }, path);
    },
  };
}

test.describe('with a drand beacon', () => {
  const port = E2E_PORT + 4;
  test.use({ baseURL: `http://127.0.0.1:${port}/` });

  let fairServer: BeaconServer;
  let beacon: FakeBeacon;

  test.beforeAll(async () => {
    fairServer = await startBeaconServer(port, BEACON_TIMEOUT_SECONDS);
    beacon = fairServer.beacon;
  });

  test.afterAll(async () => {
    await fairServer?.stop();
  });

  test('the beacon keeps up; when its rounds stop coming, the draw is late on the dashboard, then its period is void and listed with why', async ({ page }) => {
    test.setTimeout(150_000);
    await signInToConsole(page, '/console/fairness');
    const latest = page.getByTestId('beacon-latest');
    await expect(latest).toHaveAttribute('data-healthy', 'true');
    await expect(latest).toContainText(/Round \d+ · .* s behind/);
    const beaconCard = page.getByTestId('beacon');
    await expect(beaconCard).toContainText('ffffffff…ffffffff');
    await expect(beaconCard).toContainText(`${BEACON_TIMEOUT_SECONDS} s`);
    // The first-start projects' periods last a minute: a project of 10-second periods has one due within seconds.
    const project = await createQuickProject(await operatorOf(page), QUICK_PROJECT_NAME);

    beacon.mode = 'late';
    await page.getByRole('menuitem', { name: 'Dashboard' }).click();
    // The screen loads before the address changes: a reload any sooner would reload this page.
    await expect(page).toHaveURL(/\/console\/dashboard$/);
    const lateDraw = page.getByTestId('late-draw').filter({ hasText: project.name }).first();
    await reloadUntilVisible(page, lateDraw, 60_000);
    await expect(lateDraw).toContainText('It waits for its beacon round: it becomes void with full refunds if the round does not come within the timeout.');
    const periodNo = /period (\d{12,13})/.exec((await lateDraw.textContent()) ?? '')?.[1];
    expect(periodNo, 'the late period named in the alert').toBeDefined();
    await shoot(page, 'console-late-draw');

    await page.getByTestId('late-draws').getByRole('link', { name: 'Open the fairness page' }).click();
    await expect(latest).toHaveAttribute('data-healthy', 'false');
    const voidRow = page.getByTestId('void-periods').locator('tbody tr.ant-table-row').filter({ hasText: project.name }).filter({ hasText: periodNo! });
    await reloadUntilVisible(page, voidRow, 60_000);
    await expect(voidRow).toContainText('Round not published in time');
    await expect(page.getByTestId('beacon-last-error')).toContainText('Round not published in time');

    // The rounds come again: the beacon reads healthy, the draws waiting for a round are drawn; the void period and the failure stay.
    beacon.mode = 'ok';
    await reloadUntilVisible(page, page.getByTestId('no-late-draws'), 45_000);
    await expect(latest).toHaveAttribute('data-healthy', 'true');
    await expect(page.getByTestId('beacon')).not.toContainText('None yet');
    await expect(voidRow).toBeVisible();
    await shoot(page, 'console-fairness');

    await voidRow.getByRole('link', { name: periodNo! }).click();
    await expect(page).toHaveURL(new RegExp(`/console/periods\\?projectId=${project.id}&periodNo=${periodNo}$`));
    const periodRow = page.getByTestId('periods').locator('tbody tr.ant-table-row').filter({ hasText: periodNo! });
    await expect(periodRow).toContainText('Void');
    await expect(periodRow.getByTestId('void-reason')).toHaveText('Round not published in time');
    // No orders: the root of the empty set, SHA-256 of the empty text.
    const facts = page.getByTestId('period-facts');
    await expect(facts).toContainText('e3b0c442…7852b855');
    await expect(facts).toContainText('Void because');
  });
});
