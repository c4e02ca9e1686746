// The console's heavy reads over HTTP: the dashboard over a year of orders, and a CSV export of a
// million rows while the server's memory is watched. The rows are written straight into the
// database (placing them is measured elsewhere) and removed afterwards.
import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import { localDateOf } from '@wallet/contract';
import type { OpenDatabase } from '../apps/server/src/db/database.js';
import { operatorCall } from './api.js';
import { BASE_URL, BENCH_TIME_ZONE, OPERATOR_FIGURES } from './settings.js';

export interface OperatorFigures {
  dashboardOrders: number;
  dashboardDays: number;
  /** Median of the timed dashboard calls, over the wire. */
  dashboardMs: number;
  exportRows: number;
  exportSeconds: number;
  exportMegabytes: number;
  /** The server's resident memory before the export and its peak while streaming. */
  rssBeforeMb: number;
  rssPeakMb: number;
}

const PROJECT_ID = 'bench-history';
const PERIOD_NO = '000000000001';
const DAY_MS = 86_400_000;
const ROWS_PER_INSERT = 1_000;

/** Orders spread evenly over the last year, on one historical period of a project of their own. */
async function addOrders(database: OpenDatabase, count: number, userIds: string[], from: number, now: number): Promise<void> {
  const { db } = database;
  await db
    .insertInto('projects')
    .values({ id: PROJECT_ID, name: 'Bench history', period_seconds: 60, lock_seconds: 10, unit_amount: 100, min_quantity: 1, max_quantity: 100, odds: '{}', enabled: 0, sort: 99, cover: '', created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await db
    .insertInto('periods')
    .values({ project_id: PROJECT_ID, period_no: PERIOD_NO, opens_at: now - 365 * DAY_MS, locks_at: now - 365 * DAY_MS, draws_at: now - 365 * DAY_MS, server_seed: 'x', seed_hash: 'x', dice: '1,2,3', drawn_at: now - 365 * DAY_MS, created_at: now })
    .onConflict((oc) => oc.columns(['project_id', 'period_no']).doNothing())
    .execute();
  for (let start = 0; start < count; start += ROWS_PER_INSERT) {
    const rows = Array.from({ length: Math.min(ROWS_PER_INSERT, count - start) }, (_, i) => {
      const n = from + start + i;
      const amount = (1 + randomInt(20)) * 100;
      const won = randomInt(2) === 0;
      const createdAt = now - 365 * DAY_MS + Math.floor((n / (from + count)) * 365 * DAY_MS);
      return {
        order_no: `H${String(n).padStart(12, '0')}`,
        user_id: userIds[n % userIds.length]!,
        project_id: PROJECT_ID,
        period_no: PERIOD_NO,
        option_code: won ? 'big' : 'small',
        quantity: amount / 100,
        amount,
        odds: 195,
        payout: won ? Math.round(amount * 1.95) : 0,
        settled_at: createdAt + 60_000,
        created_at: createdAt,
      };
    });
    await db.insertInto('orders').values(rows).execute();
  }
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function timedDashboard(operatorToken: string, from: string, to: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < OPERATOR_FIGURES.dashboardCalls; i += 1) {
    const started = performance.now();
    await operatorCall('/admin/api/dashboard', { from, to }, operatorToken);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

async function timedExport(operatorToken: string, pid: number) {
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 100);
  const started = performance.now();
  let bytes = 0;
  let lines = 0;
  try {
    const response = await fetch(`${BASE_URL}/admin/api/export/orders.csv`, { headers: { authorization: `Bearer ${operatorToken}` } });
    if (!response.ok || !response.body) throw new Error(`the export answered ${response.status}`);
    for await (const chunk of response.body) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) lines += 1;
    }
  } finally {
    clearInterval(sampler);
  }
  return { seconds: (performance.now() - started) / 1000, bytes, rows: lines - 1, before, peak };
}

/** With the server running (its pid for the memory) on `database`: the dashboard at 100 000 orders, then the export at a million. */
export async function measureOperatorFigures(database: OpenDatabase, operatorToken: string, pid: number): Promise<OperatorFigures> {
  const userIds = (await database.db.selectFrom('users').select('id').execute()).map((row) => row.id);
  const now = Date.now();
  await addOrders(database, OPERATOR_FIGURES.dashboardOrders, userIds, 0, now);
  const to = localDateOf(now, BENCH_TIME_ZONE);
  const from = localDateOf(now - 365 * DAY_MS, BENCH_TIME_ZONE);
  const dashboardMs = await timedDashboard(operatorToken, from, to);
  await addOrders(database, OPERATOR_FIGURES.exportRows - OPERATOR_FIGURES.dashboardOrders, userIds, OPERATOR_FIGURES.dashboardOrders, now);
  const exported = await timedExport(operatorToken, pid);
  // The history has no ledger transfers behind it: it goes before the ledger is verified.
  await database.db.deleteFrom('orders').where('project_id', '=', PROJECT_ID).execute();
  await database.db.deleteFrom('periods').where('project_id', '=', PROJECT_ID).execute();
  await database.db.deleteFrom('projects').where('id', '=', PROJECT_ID).execute();
  return {
    dashboardOrders: OPERATOR_FIGURES.dashboardOrders,
    dashboardDays: 366,
    dashboardMs,
    exportRows: exported.rows,
    exportSeconds: exported.seconds,
    exportMegabytes: exported.bytes / 2 ** 20,
    rssBeforeMb: exported.before,
    rssPeakMb: exported.peak,
  };
}

export function operatorFiguresLine(f: OperatorFigures): string {
  return `Console reads: the dashboard over ${f.dashboardDays} days with ${f.dashboardOrders.toLocaleString('en')} orders answers in **${f.dashboardMs.toFixed(0)} ms** (median of ${OPERATOR_FIGURES.dashboardCalls}, over HTTP); \`export/orders.csv\` streams ${f.exportRows.toLocaleString('en')} rows (${f.exportMegabytes.toFixed(0)} MB) in ${f.exportSeconds.toFixed(1)} s while the server's resident memory goes from ${f.rssBeforeMb.toFixed(0)} MB to a peak of **${f.rssPeakMb.toFixed(0)} MB**.`;
}
