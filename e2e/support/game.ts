import { randomUUID } from 'node:crypto';
import type { Envelope } from '@wallet/contract/core';
import { appCall } from './api';
import { expect, type OperatorClient } from './fixtures';
import type { Page } from '@playwright/test';

export interface QuickProject {
  id: string;
  name: string;
}

export interface PeriodNow {
  periodNo: string;
  status: string;
  opensAt: number;
  locksAt: number;
  drawsAt: number;
  serverTime: number;
}

export interface DrawnPeriod {
  periodNo: string;
  dice: [number, number, number];
  serverSeed: string;
  serverSeedHash: string;
}

export interface Order {
  orderNo: string;
  periodNo: string;
  option: string;
  amount: string;
  payout: string | null;
  audited: boolean;
}

/** 10-second periods that lock 3 seconds before the draw: the shortest the game allows, so a test waits seconds for a draw. */
export const QUICK_TIMING = { periodSeconds: 10, lockSeconds: 3 };

function ok<T>(envelope: Envelope<T>, what: string): T {
  if (envelope.code !== 200) throw new Error(`${what} failed: ${envelope.code} ${envelope.mess}`);
  return envelope.data;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const quickProject = (name: string, enabled: boolean, exposureLimit: string | null = null) => ({
  name,
  exposureLimit,
  cover: '',
  ...QUICK_TIMING,
  unitAmount: '1.00',
  minQuantity: 1,
  maxQuantity: 10_000,
  odds: {},
  enabled,
});

/** A new project on the quick timing with default odds; it starts at its next period boundary. */
export async function createQuickProject(operator: OperatorClient, name: string, exposureLimit: string | null = null): Promise<QuickProject> {
  const saved = await operator.call('/admin/api/projects/save', quickProject(name, true, exposureLimit));
  return { id: saved.id, name: saved.name };
}

/** Stops the project's new periods, so the next tests see only their own projects beside the first-start ones. */
export async function disableProject(operator: OperatorClient, project: QuickProject): Promise<void> {
  await operator.call('/admin/api/projects/save', { id: project.id, ...quickProject(project.name, false) });
}

export async function currentPeriod(token: string, projectId: string): Promise<PeriodNow> {
  return ok(await appCall<PeriodNow>('/api/game/period', { projectId }, token), 'game/period');
}

/** Waits (up to two periods) until the project's period is open with at least `seconds` left before it locks. */
export async function waitForOpenPeriod(token: string, projectId: string, seconds: number): Promise<PeriodNow> {
  // A fresh server's first period opens at the next boundary: up to a whole period away, then the next one.
  const deadline = Date.now() + 75_000;
  while (Date.now() < deadline) {
    const period = await currentPeriod(token, projectId);
    const open = period.serverTime >= period.opensAt && period.locksAt - period.serverTime >= seconds * 1000;
    if (open) return period;
    // The next chance: the next period's opening.
    const wait = period.serverTime < period.opensAt ? period.opensAt - period.serverTime : period.drawsAt - period.serverTime;
    await sleep(Math.max(100, Math.min(wait + 50, 2_000)));
  }
  throw new Error(`no open period on ${projectId} in time`);
}

/** Orders through the API, as another device of the user would. */
export async function placeOrder(token: string, projectId: string, periodNo: string, selections: { option: string; quantity: number }[]): Promise<Order[]> {
  const placed = ok(await appCall<{ orders: Order[] }>('/api/game/order', { projectId, periodNo, selections, requestId: randomUUID() }, token), 'game/order');
  return placed.orders;
}

/** The user's orders on the project, newest first (the 50 newest). */
export async function ordersOf(token: string, projectId: string): Promise<Order[]> {
  return ok(await appCall<{ items: Order[] }>('/api/game/orders', { projectId, page: 1, pageSize: 50 }, token), 'game/orders').items;
}

/** Waits for the period's draw and answers it as the history shows it. */
export async function waitForDraw(token: string, projectId: string, periodNo: string): Promise<DrawnPeriod> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const history = ok(await appCall<{ items: DrawnPeriod[] }>('/api/game/history', { projectId, page: 1, pageSize: 20 }, token), 'game/history');
    const drawn = history.items.find((period) => period.periodNo === periodNo);
    if (drawn) return drawn;
    await sleep(500);
  }
  throw new Error(`period ${periodNo} of ${projectId} was not drawn in time`);
}

export interface ChaseSeen {
  chaseNo: string;
  running: boolean;
  returned: string;
  payout: string;
  periods: { periodNo: string; state: string }[];
}

/** The user's chases, newest first, as game/chases answers them. */
export async function chasesOf(token: string): Promise<ChaseSeen[]> {
  return ok(await appCall<{ items: ChaseSeen[] }>('/api/game/chases', { page: 1, pageSize: 50 }, token), 'game/chases').items;
}

/** The countdown the dice page shows, as seconds: "0:07" → 7. */
export async function secondsLeft(page: Page): Promise<number> {
  const [minutes = '0', seconds = '0'] = ((await page.getByTestId('countdown').textContent()) ?? '').split(':');
  return Number(minutes) * 60 + Number(seconds);
}

/** Waits on the page until its period takes orders with at least `seconds` left, by the countdown the user sees. */
export async function waitUntilOpen(page: Page, seconds: number, timeout = 25_000): Promise<void> {
  await expect
    .poll(async () => (await page.getByTestId('period-card').getAttribute('data-phase')) === 'open' && (await secondsLeft(page)) >= seconds, { timeout, intervals: [250] })
    .toBe(true);
}
