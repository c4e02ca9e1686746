// One page measured by Lighthouse's mobile preset (simulated slow 4G and a 4× slower CPU) in Debian's Chromium.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/support/chromium.js';

export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  /** Milliseconds, as Lighthouse simulates them on a mid-range phone. */
  firstContentfulPaintMs: number;
  largestContentfulPaintMs: number;
  totalBlockingTimeMs: number;
  cumulativeLayoutShift: number;
  /** Bytes received for the page and everything it loaded, as sent (compressed) over the wire. */
  transferBytes: number;
  requests: number;
  /** Audits of the two categories that fell short, by id. */
  failedAudits: string[];
}

type StorageWindow = { localStorage: { setItem(key: string, value: string): void } };

const numeric = (result: Result, id: string) => result.audits[id]?.numericValue ?? Number.NaN;

function figuresOf(result: Result): LighthouseFigures {
  const requests = result.audits['network-requests']?.details;
  const failedAudits = ['performance', 'accessibility'].flatMap((category) =>
    (result.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (result.audits[ref.id]?.score ?? 1) < 0.9)
      .map((ref) => ref.id),
  );
  return {
    performance: result.categories.performance?.score ?? 0,
    accessibility: result.categories.accessibility?.score ?? 0,
    firstContentfulPaintMs: numeric(result, 'first-contentful-paint'),
    largestContentfulPaintMs: numeric(result, 'largest-contentful-paint'),
    totalBlockingTimeMs: numeric(result, 'total-blocking-time'),
    cumulativeLayoutShift: numeric(result, 'cumulative-layout-shift'),
    transferBytes: numeric(result, 'total-byte-weight'),
    requests: requests?.type === 'table' ? requests.items.length : 0,
    failedAudits,
  };
}

/**
 * The app keeps its session token in local storage, which Lighthouse leaves
 * alone (it clears the HTTP cache and the service-worker storage only): the
 * token is stored from a page of the same origin that loads none of the app.
 */
async function storeToken(chrome: LaunchedChrome, baseUrl: string, token: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    await page.goto(`${baseUrl}/healthz`);
    await page.evaluate((value) => (globalThis as unknown as StorageWindow).localStorage.setItem('token', value), token);
    await page.close();
  } finally {
    await browser.close();
  }
}

/** Lighthouse on `${baseUrl}/#${route}` in a fresh Chromium profile, signed in when a token is given. */
export async function lighthousePage(baseUrl: string, route: string, token?: string): Promise<LighthouseFigures> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-lighthouse-'));
  const chrome = await launch({ chromePath: chromiumPath(), chromeFlags: ['--headless=new', ...CHROMIUM_ARGS], userDataDir, logLevel: 'silent' });
  try {
    if (token) await storeToken(chrome, baseUrl, token);
    const run = await lighthouse(`${baseUrl}/#${route}`, {
      port: chrome.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (!run) throw new Error(`Lighthouse returned nothing for ${route}`);
    if (run.lhr.runtimeError) throw new Error(`Lighthouse on ${route}: ${run.lhr.runtimeError.message}`);
    if (typeof run.lhr.categories.performance?.score !== 'number') throw new Error(`Lighthouse on ${route}: no performance score`);
    return figuresOf(run.lhr);
  } finally {
    chrome.kill();
    fs.rmSync(userDataDir, { recursive: true, force: true });
  }
}
