// The dice game under load over HTTP (direct.ts does the same through the order service), on a short
// project whose periods keep being drawn (and settled) while the orders pour in.
import { randomInt, randomUUID } from 'node:crypto';
import { nextPeriod, periodAt } from '@wallet/contract/game';
import { call, operatorCall, raiseApprovalThreshold, signedBody, type BenchUser } from './api.js';
import type { Figures } from './figures.js';
import { measure, roundRobin } from './http-load.js';
import { BENCH_PROJECT, BENCH_TIME_ZONE } from './settings.js';

/** A mix of cheap and rare options, one or two a call, quantity 1–5. */
const OPTIONS = ['big', 'small', 'odd', 'even', 'sum-10', 'pair-3', 'any-triple', 'straight'];

export function randomSelections() {
  const first = OPTIONS[randomInt(OPTIONS.length)]!;
  const second = OPTIONS[randomInt(OPTIONS.length)]!;
  const options = first === second ? [first] : [first, second];
  return options.map((option) => ({ option, quantity: 1 + randomInt(5) }));
}

/** The period open at this moment, as every instance derives it from the clock. */
export const openPeriodNo = () => periodAt(BENCH_PROJECT, BENCH_TIME_ZONE, Date.now()).periodNo;

/** Near the lock, the app orders into the next period, open already: an order sent then never meets the draw. */
const NEXT_PERIOD_WITHIN_MS = 1_500;

/** The period the app would order into now: the open one, or the next when the open one locks within NEXT_PERIOD_WITHIN_MS. */
export function orderablePeriodNo(): string {
  const open = periodAt(BENCH_PROJECT, BENCH_TIME_ZONE, Date.now());
  return open.locksAt - Date.now() > NEXT_PERIOD_WITHIN_MS ? open.periodNo : nextPeriod(BENCH_PROJECT, BENCH_TIME_ZONE, open).periodNo;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Adds the benchmark's project through the operator call, gives every user
 * enough to order for the whole run, and waits until its first period is open
 * (a new project starts at its next period boundary).
 */
export async function prepareGame(operatorToken: string, users: BenchUser[]): Promise<void> {
  await operatorCall(
    '/admin/api/projects/save',
    { ...BENCH_PROJECT, name: 'Bench dice', cover: '', unitAmount: '1.00', minQuantity: 1, maxQuantity: 10_000, enabled: true },
    operatorToken,
  );
  // The funding below is larger than the default threshold lets one operator move unapproved.
  await raiseApprovalThreshold(operatorToken, '10000000000.00');
  const listed = await operatorCall<{ items: { id: string; username: string }[] }>('/admin/api/users', { q: 'bench', pageSize: 50 }, operatorToken);
  for (const user of users) {
    const id = listed.items.find((item) => item.username === user.username)?.id;
    if (!id) throw new Error(`the operator cannot find ${user.username}`);
    await operatorCall('/admin/api/users/adjust', { userId: id, account: 'available', amount: '1000000.00', reason: 'Benchmark orders' }, operatorToken);
  }
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const period = await call<{ status: string }>('/api/game/period', { projectId: BENCH_PROJECT.id }, users[0]!.token);
    if (period.status === 'open') return;
    await sleep(500);
  }
  throw new Error(`project ${BENCH_PROJECT.id} did not open a period`);
}

/** `/api/game/order`: one or two selections of the period open now, a new requestId each. */
export function orderPlacements(users: BenchUser[], connections: number): Promise<Figures> {
  const nextUser = roundRobin(users);
  return measure({
    connections,
    path: '/api/game/order',
    body: () => signedBody({ projectId: BENCH_PROJECT.id, periodNo: openPeriodNo(), selections: randomSelections(), requestId: randomUUID() }, nextUser().token),
  });
}

