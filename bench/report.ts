// bench/RESULTS.md: the machine, the load, and a table of figures per database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LedgerReport } from '../apps/server/src/ledger/verify.js';
import type { Figures } from './figures.js';
import type { PgbenchResult } from './pgbench.js';
import type { SettlementFigures } from './settlement.js';
import { operatorFiguresLine, type OperatorFigures } from './operator-figures.js';
import { BENCH_PROJECT, CHANNELS, CONNECTIONS, DURATION_S, SETTLEMENT, USERS, WARMUP_S } from './settings.js';

export interface DatabaseRun {
  label: string;
  version: string;
  http: { assets: Figures; recharge: Figures; approve: Figures; order: Figures };
  direct: { assets: Figures; recharge: Figures; approve: Figures; order: Figures };
  ledger: LedgerReport;
  settlement: SettlementFigures;
  operators: OperatorFigures;
  pgbench?: PgbenchResult;
}

export interface BundleSizes {
  firstLoadKb: number;
  largestPage: { page: string; kb: number };
}

const root = path.resolve(import.meta.dirname, '..');

const rate = (figures: Figures) => figures.perSecond.toFixed(0);
const ms = (value: number) => (Number.isNaN(value) ? '–' : value < 100 ? value.toFixed(1) : value.toFixed(0));

function row(what: string, http: Figures, direct: Figures): string {
  const ratio = (http.perSecond / direct.perSecond).toFixed(2);
  return `| ${what} | ${rate(http)} | ${ms(http.p50)} | ${ms(http.p99)} | ${rate(direct)} | ${ms(direct.p50)} | ${ms(direct.p99)} | ${ratio} | ${http.errors} / ${direct.errors} |`;
}

function notes(run: DatabaseRun): string[] {
  const scenarios = [
    ['HTTP assets', run.http.assets],
    ['HTTP recharge', run.http.recharge],
    ['HTTP approval', run.http.approve],
    ['HTTP order', run.http.order],
    ['direct assets', run.direct.assets],
    ['direct recharge', run.direct.recharge],
    ['direct approval', run.direct.approve],
    ['direct order', run.direct.order],
  ] as const;
  return scenarios.filter(([, figures]) => figures.note).map(([what, figures]) => `- ${what}: ${figures.note}; its rate is taken over that time.`);
}

function pgbenchTable(result: PgbenchResult | undefined): string {
  if (!result) return '';
  if (!result.ran) return `\n${result.note}\n`;
  return `
For scale, PostgreSQL's own benchmark on the same server (scale 1, in a scratch database; ${result.version}):

| \`pgbench -b tpcb-like\` | clients | threads | seconds | tps | latency average ms | transactions |
|---|---|---|---|---|---|---|
| same server | ${result.clients} | ${result.threads} | ${result.seconds} | ${result.tps.toFixed(0)} | ${ms(result.latencyMs)} | ${result.transactions} |
`;
}

const verdictOf = (ledger: LedgerReport) => (ledger.ok ? 'ok' : `${ledger.problems.length} problem(s), the first: ${JSON.stringify(ledger.problems[0])}`);

function settlementLine(s: SettlementFigures): string {
  return `Settling one period of ${s.orders} orders from ${s.users} users (placed through the order service in ${s.placeSeconds.toFixed(1)} s): **${s.settleMs.toFixed(0)} ms** for the draw's one transaction; ledger verify afterwards: ${verdictOf(s.ledger)}.`;
}

function section(run: DatabaseRun): string {
  const ledger = run.ledger;
  const verdict = verdictOf(ledger);
  return `## ${run.label} (${run.version})

| measurement | HTTP per s | HTTP p50 ms | HTTP p99 ms | direct per s | direct p50 ms | direct p99 ms | HTTP / direct | errors HTTP / direct |
|---|---|---|---|---|---|---|---|---|
${row('`/api/user/assets` read', run.http.assets, run.direct.assets)}
${row('`/api/money/recharge` creation', run.http.recharge, run.direct.recharge)}
${row('`/admin/api/recharges/review` approval (one ledger transfer)', run.http.approve, run.direct.approve)}
${row('`/api/game/order` (1–2 selections, each an order and a transfer)', run.http.order, run.direct.order)}
${notes(run)
  .map((line) => `${line}\n`)
  .join('')}${pgbenchTable(run.pgbench)}
Ledger verify after the run: ${verdict} (${ledger.transfers} transfers, ${ledger.entries} entries, ${ledger.accounts} accounts).

${settlementLine(run.settlement)}

${operatorFiguresLine(run.operators)}
`;
}

function bundleTable(bundle: BundleSizes | null): string {
  if (!bundle) return 'Not measured: the app did not build during this run.';
  return `| what | size | budget |
|---|---|---|
| first-load JavaScript | ${bundle.firstLoadKb} KB | 150 KB |
| largest page chunk (\`${bundle.largestPage.page}\`) | ${bundle.largestPage.kb.toFixed(1)} KB | 30 KB |`;
}

function machine(): string {
  const cpus = os.cpus();
  const model = cpus[0]?.model.trim() ?? 'unknown CPU';
  return `${model}, ${cpus.length} logical cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB memory, ${os.type()} ${os.release()} (${os.arch()}), Node ${process.version}`;
}

export interface RunInfo {
  startedAt: Date;
  elapsedSeconds: number;
  /** os.loadavg()[0] when the run started and when it ended: other work on the machine shows here. */
  loadAtStart: number;
  loadAtEnd: number;
}

export function writeReport(runs: DatabaseRun[], bundle: BundleSizes | null, info: RunInfo): string {
  const autocannonVersion = (JSON.parse(fs.readFileSync(path.join(root, 'node_modules/autocannon/package.json'), 'utf8')) as { version: string }).version;
  const report = `# Benchmark results

Written by \`npm run bench\` on ${info.startedAt.toISOString()}; the whole run took ${info.elapsedSeconds.toFixed(0)} s.

- Machine: ${machine()}. Server, load generator and database share it;
  1-minute load average ${info.loadAtStart.toFixed(1)} at the start, ${info.loadAtEnd.toFixed(1)} at the end.
- Load: autocannon ${autocannonVersion} over loopback, ${CONNECTIONS} connections, each scenario ${DURATION_S} s after a ${WARMUP_S} s warm-up that is not counted.
  Every app call is signed afresh (new \`times\`, \`ranstr\` and \`sign\`) with the token of one of ${USERS} users, in turn;
  each recharge has a new \`requestId\`, a random amount (10.00–20000.00) and one of ${CHANNELS.length} channels
  (the first-start \`${CHANNELS[0]}\`, its random extra tenth switched off, and three the run adds).
- Direct: the service each route calls (assets, recharge creation, recharge review) on the same database through the
  driver, no HTTP, ${CONNECTIONS} loops at a time for ${DURATION_S} s, right after the HTTP run of the same scenario, with the
  server idle. HTTP adds Fastify, JSON, the session lookup (user: token, then the frozen flag; operator: token) and
  validation, and for app calls the signature check with its replay-store insert.
- Approvals take the recharges both creation runs made, oldest first, the HTTP run first (before the direct run more are
  made the same way, unmeasured, when fewer than it could approve are left); each posts the
  \`recharge_approved\` transfer (world → available) with the status change and an audit line, in one transaction.
- Orders: a project with ${BENCH_PROJECT.periodSeconds}-second periods open until the draw, so periods are drawn and settled
  while orders keep coming; orders in flight at a draw are refused (\`PERIOD_CLOSED\`) and count as errors. Each call
  orders one or two options (quantity 1–5) of the period the clock says is open.
- Settlement: ${SETTLEMENT.orders} orders from ${SETTLEMENT.users} users in one period, then the draw timed alone (server stopped).
- p50 / p99: latency of one request (HTTP) or one service call (direct). Rates count successful operations only.

${runs.map(section).join('\n')}
## App download (gzip)

${bundleTable(bundle)}
`;
  fs.writeFileSync(path.join(root, 'bench/RESULTS.md'), report);
  return report;
}
