import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { REPO_ROOT, spawnServer, type SpawnedServer } from '../../apps/server/src/spawn-server';
import { expect, test } from '../support/fixtures';
import { saveScreenshot } from '../support/screenshots';
import { E2E_PORT } from '../support/server';
import { cachedUrls, returnToApp, waitForShellWorker } from '../support/shell-worker';

/*
 * The installable app on a server of its own: deploying a new build is
 * starting it again on the same address with another build folder.
 */

const PORT = E2E_PORT + 1;
const BASE_URL = `http://127.0.0.1:${PORT}/`;
const BRIGHT_BLUE = '#0b63e5';

test.use({ baseURL: BASE_URL, serviceWorkers: 'allow' });
test.describe.configure({ mode: 'serial' });

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-installable-'));
const dataDir = path.join(work, 'data');

/** A copy of `npm run build`'s app, its page marked with `label` so a test sees which build runs. */
function build(label: string): string {
  const dir = path.join(work, label);
  fs.cpSync(path.join(REPO_ROOT, 'apps/web/dist'), dir, { recursive: true });
  const index = path.join(dir, 'index.html');
  fs.writeFileSync(index, fs.readFileSync(index, 'utf8').replace('<title>', `<meta name="wallet-build" content="${label}" /><title>`));
  return dir;
}

let server: SpawnedServer | undefined;
async function deploy(label: string): Promise<void> {
  await server?.stop();
  server = await spawnServer({
    port: PORT,
    from: 'build',
    env: { PATH: process.env['PATH'], DATA_DIR: dataDir, WEB_DIST_DIR: build(label), LOG_LEVEL: 'warn', OPERATOR_PASSWORD: 'installable-operator-password' },
  });
}

test.beforeAll(async () => {
  await deploy('first');
});
test.afterAll(async () => {
  await server?.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

const runningBuild = (page: Page) => page.locator('meta[name="wallet-build"]');

/** What the browser cannot reach while the server is down or the network is off, and says so in the console. */
const UNREACHABLE = /ERR_CONNECTION_REFUSED|ERR_INTERNET_DISCONNECTED|Failed to load resource|Failed to fetch/;

test('the web manifest is one the browser accepts: name, start, standalone, the bright blue, icons of 192 and 512 px', async ({ page }) => {
  await page.goto('./#/');
  const cdp = await page.context().newCDPSession(page);
  const { url, errors, data } = await cdp.send('Page.getAppManifest');
  expect(url).toBe(`${BASE_URL}manifest.webmanifest`);
  expect(errors).toEqual([]);
  const manifest = JSON.parse(data!) as { name: string; short_name: string; start_url: string; display: string; theme_color: string; icons: { src: string; sizes: string; type: string; purpose: string }[] };
  expect(manifest).toMatchObject({ name: 'Wallet', short_name: 'Wallet', start_url: './', display: 'standalone', theme_color: BRIGHT_BLUE });
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));

  for (const icon of manifest.icons) {
    const answer = await page.request.get(new URL(icon.src, BASE_URL).href);
    expect(answer.headers()['content-type'], icon.src).toBe('image/png');
    const [width, height] = await page.evaluate(async (src) => {
      const image = new Image();
      image.src = src;
      await image.decode();
      return [image.naturalWidth, image.naturalHeight];
    }, icon.src);
    expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
  }

  // A maskable icon is cut to any shape that keeps the circle of 40% radius: outside it there is only the background.
  for (const icon of manifest.icons.filter((i) => i.purpose === 'maskable')) {
    const outside = await page.evaluate(async (src) => {
      const image = new Image();
      image.src = src;
      await image.decode();
      const size = image.naturalWidth;
      const canvas = Object.assign(document.createElement('canvas'), { width: size, height: size });
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      const pixels = context.getImageData(0, 0, size, size).data;
      const colours = new Set<string>();
      for (let y = 0; y < size; y += 1) {
        for (let x = 0; x < size; x += 1) {
          if (Math.hypot(x + 0.5 - size / 2, y + 0.5 - size / 2) <= size * 0.4) continue;
          const at = (y * size + x) * 4;
          colours.add(`#${[0, 1, 2].map((i) => pixels[at + i]!.toString(16).padStart(2, '0')).join('')}`);
        }
      }
      return [...colours];
    }, icon.src);
    expect(outside, icon.src).toEqual([BRIGHT_BLUE]);
  }

  // Playwright's contexts are private windows, where no app installs; nothing else stands in the way.
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors.map((error) => error.errorId)).toEqual(['in-incognito']);
});

test('the worker controls the app and keeps its built files, never an answer of the API', async ({ page }) => {
  await page.goto('./#/');
  await waitForShellWorker(page);
  const answers: { url: string; fromWorker: boolean }[] = [];
  page.on('response', (response) => answers.push({ url: response.url(), fromWorker: response.fromServiceWorker() }));
  await page.reload();
  await expect(page.locator('.app-tab-header h1')).toHaveText('Home');
  await page.goto('./#/pages/notice/activity');
  await expect(page.locator('.app-tab-header h1')).toBeVisible();

  const api = answers.filter(({ url }) => /\/(api|uploads)\//.test(new URL(url).pathname));
  expect(api.length).toBeGreaterThan(0);
  expect(api.filter(({ fromWorker }) => fromWorker)).toEqual([]);
  const scripts = answers.filter(({ url }) => new URL(url).pathname.startsWith('/assets/'));
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter(({ fromWorker }) => !fromWorker)).toEqual([]);

  const kept = await cachedUrls(page);
  expect(kept).toContain(`${BASE_URL}index.html`);
  expect(kept.filter((url) => !/\/(index\.html|assets\/[^/]+\.(js|css))$/.test(url))).toEqual([]);
});

test('with the network off the app starts from what the worker kept, with the "network signal lost" banner', async ({ page, browserErrors }) => {
  browserErrors.expect(UNREACHABLE);
  await page.goto('./#/');
  await waitForShellWorker(page);
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.locator('.app-tab-header h1')).toHaveText('Home');
  await expect(page.getByTestId('offline-banner')).toHaveText('Network signal lost');
  await saveScreenshot(page, 'offline-start-en');

  await page.evaluate(() => localStorage.setItem('lang', 'ar'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await saveScreenshot(page, 'offline-start-ar');
  await page.context().setOffline(false);
});

test('a new build deployed while the app is open is offered as a reload, and the reload runs it', async ({ page, browserErrors }) => {
  browserErrors.expect(UNREACHABLE);
  await page.goto('./#/');
  await waitForShellWorker(page);
  await expect(runningBuild(page)).toHaveAttribute('content', 'first');

  await deploy('second');
  await returnToApp(page);
  const dialog = page.locator('.adm-dialog');
  await expect(dialog).toContainText('A new version of the app is ready');
  await saveScreenshot(page, 'update-prompt-en');
  await dialog.getByRole('button', { name: 'Update now' }).click();
  await expect(runningBuild(page)).toHaveAttribute('content', 'second');
  await expect(page.locator('.app-tab-header h1')).toHaveText('Home');
  await expect(page.getByTestId('update-dialog')).toHaveCount(0);
  // The first build's files are gone: only the running build is kept.
  expect((await cachedUrls(page)).filter((url) => url.endsWith('/index.html'))).toHaveLength(1);

  // Started again (the new worker's kept build), nothing more is offered.
  await page.reload();
  await expect(runningBuild(page)).toHaveAttribute('content', 'second');
  await expect(page.locator('.app-tab-header h1')).toHaveText('Home');
  await expect(page.getByTestId('update-dialog')).toHaveCount(0);

  await page.evaluate(() => localStorage.setItem('lang', 'ar'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await deploy('third');
  await returnToApp(page);
  await expect(page.getByTestId('update-dialog')).toBeVisible();
  await saveScreenshot(page, 'update-prompt-ar');
  await page.locator('.adm-dialog').getByRole('button').first().click();
  await expect(runningBuild(page)).toHaveAttribute('content', 'third');
});
