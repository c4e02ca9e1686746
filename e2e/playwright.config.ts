import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { serverEntry } from '../apps/server/src/spawn-server';
import { CHROMIUM_ARGS, chromiumPath } from './support/chromium';
import { E2E_CAPTCHA_ANSWER, E2E_DATA_DIR, E2E_OPERATOR, E2E_PORT, E2E_ROOT_INVITE_CODE } from './support/server';

const repoRoot = path.resolve(import.meta.dirname, '..');

export default defineConfig({
  testDir: './tests',
  outputDir: path.join(os.tmpdir(), 'wallet-e2e-results'),
  // One server, whose settings some tests change: files run one after another.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  // A slower machine (or one busy with the unit tests beside) takes twice as long: the waits end at their event, so room costs nothing.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: path.join(repoRoot, 'e2e/.results/results.json') }]],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}/`,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    // A page.route never sees what the app's service worker answers from its cache: the worker runs only in the
    // specs of the installable app (installable.spec.ts, update.spec.ts), which allow it.
    serviceWorkers: 'block',
  },
  webServer: {
    // The build, as `npm start` runs it (`npm run build` first).
    command: `rm -rf "${E2E_DATA_DIR}" && node ${serverEntry('build').join(' ')}`,
    cwd: repoRoot,
    url: `http://127.0.0.1:${E2E_PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      OPERATOR_PASSWORD: E2E_OPERATOR.password,
      ROOT_INVITE_CODE: E2E_ROOT_INVITE_CODE,
      CAPTCHA_FIXED_ANSWER: E2E_CAPTCHA_ANSWER,
      // Accounts the tests make through the API come as other clients would, each from an address of its own.
      TRUST_PROXY: '127.0.0.1,::1',
    },
  },
});
