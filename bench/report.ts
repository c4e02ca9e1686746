// bench/RESULTS.md: the machine, the load, and a table of figures per database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { moneyWritesSection, type MoneyWrites } from './money-writes.js';
import type { LedgerReport } from '../apps/server/src/ledger/verify.js';
import type { Figures } from './figures.js';
import { footprintSection, type Footprint } from './footprint.js';
import { streamsSection, type StreamFigures } from './streams.js';
import type { SettlementFigures } from './settlement.js';
import { operatorFiguresLine, type OperatorFigures } from './operator-figures.js';
import { pagesSection, type PagesFigures } from './pages.js';
import { profileTable, type ReadProfile } from './profiled-reads.js';
import { topologySection, type TopologyFigures } from './topology.js';
import { BENCH_PROJECT, CHANNELS, CONNECTION_COUNTS, CONNECTIONS, DURATION_S, SETTLEMENT, USERS, WARMUP_S } from './settings.js';

/** Every scenario at one connection count (and as many direct loops). */
export interface LoadRun {
  connections: number;
  http: { assets: Figures; recharge: Figures; approve: Figures; order: Figures };
  direct: { assets: Figures; recharge: Figures; approve: Figures; order: Figures };
}

export interface DatabaseRun {
  label: string;
  version: string;
  loads: LoadRun[];
  profile: ReadProfile;
  ledger: LedgerReport;
  settlement: SettlementFigures;
  operators: OperatorFigures;
  /** Measured on the SQLite run only. */
  pages?: PagesFigures;
  /** PostgreSQL: assets reads again with the replay window in Redis. */
  assetsWithRedis?: AssetsWithRedis[] | undefined;
}

export interface AssetsWithRedis {
  connections: number;
  figures: Figures;
  /** CPU milliseconds per answered request of each process taking part. */
  cpuMsPerRequest: { server: number; postgres: number; redis: number; loadGenerator: number };
}

export interface BundleSizes {
  firstLoadKb: number;
  largestPage: { page: string; kb: number };
}

const root = path.resolve(import.meta.dirname, '..');

const rate = (figures: Figures) => figures.perSecond.toFixed(0);
const ms = (value: number) => (Number.isNaN(value) ? '–' : value < 100 ? value.toFixed(1) : value.toFixed(0));

const SCENARIOS = [
  ['assets', '`/api/user/assets` read'],
  ['recharge', '`/api/money/recharge` creation'],
  ['approve', '`/admin/api/recharges/review` approval (one ledger transfer)'],
  ['order', '`/api/game/order` (1–2 selections, each an order and a transfer)'],
] as const;

function row(what: string, connections: number, http: Figures, direct: Figures): string {
  const ratio = (http.perSecond / direct.perSecond).toFixed(2);
  return `| ${what} | ${connections} | ${rate(http)} | ${ms(http.p50)} | ${ms(http.p99)} | ${rate(direct)} | ${ms(direct.p50)} | ${ms(direct.p99)} | ${ratio} | ${http.errors} / ${direct.errors} |`;
}

function loadTable(loads: LoadRun[]): string {
  const rows = SCENARIOS.flatMap(([key, what]) => loads.map((load) => row(what, load.connections, load.http[key], load.direct[key])));
  return `| measurement | connections | HTTP per s | HTTP p50 ms | HTTP p99 ms | direct per s | direct p50 ms | direct p99 ms | HTTP / direct | errors HTTP / direct |
|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}`;
}

function notes(run: DatabaseRun): string[] {
  return run.loads.flatMap((load) =>
    SCENARIOS.flatMap(([key]) =>
      (['http', 'direct'] as const)
        .filter((way) => load[way][key].note)
        .map((way) => `- ${way} ${key} at ${load.connections}: ${load[way][key].note}; its rate is taken over that time.`),
    ),
  );
}

const verdictOf = (ledger: LedgerReport) => (ledger.ok ? 'ok' : `${ledger.problems.length} problem(s), the first: ${JSON.stringify(ledger.problems[0])}`);

function settlementLine(s: SettlementFigures): string {
  return `Settling one period of ${s.orders} orders from ${s.users} users (placed through the order service in ${s.placeSeconds.toFixed(1)} s): **${s.settleMs.toFixed(0)} ms** for the draw's one transaction, after ${s.lockMs.toFixed(0)} ms for its lock (the root of its orders fixed); ledger verify afterwards: ${verdictOf(s.ledger)}.`;
}

function redisTable(rows: AssetsWithRedis[] | undefined): string {
  if (!rows) return '';
  const cpu = (value: number) => value.toFixed(2);
  const all = (c: AssetsWithRedis['cpuMsPerRequest']) => c.server + c.postgres + c.redis + c.loadGenerator;
  return `
The same reads with the replay window in Redis (\`REDIS_URL\`, as several instances run), the server restarted on the same database,
and the CPU each process spent per answered read (user + system time over the run, from /proc). The processes share 2 cores:
2 000 ms of CPU a second divided by the sum is the most this machine could answer, whatever the server did.

| measurement | connections | HTTP per s | HTTP p50 ms | HTTP p99 ms | errors | server CPU ms | PostgreSQL CPU ms | Redis CPU ms | load generator CPU ms | sum: at most per s on 2 cores |
|---|---|---|---|---|---|---|---|---|---|---|
${rows
  .map((r) => {
    const c = r.cpuMsPerRequest;
    return `| \`/api/user/assets\` read, replay window in Redis | ${r.connections} | ${rate(r.figures)} | ${ms(r.figures.p50)} | ${ms(r.figures.p99)} | ${r.figures.errors} | ${cpu(c.server)} | ${cpu(c.postgres)} | ${cpu(c.redis)} | ${cpu(c.loadGenerator)} | ${cpu(all(c))}: ${(2000 / all(c)).toFixed(0)} |`;
  })
  .join('\n')}
`;
}

function section(run: DatabaseRun): string {
  const ledger = run.ledger;
  const verdict = verdictOf(ledger);
  return `## ${run.label} (${run.version})

${loadTable(run.loads)}
${notes(run)
  .map((line) => `${line}\n`)
  .join('')}${redisTable(run.assetsWithRedis)}
${profileTable(run.profile)}
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

export function writeReport(
  runs: DatabaseRun[],
  bundle: BundleSizes | null,
  info: RunInfo,
  footprints: Footprint[],
  streams: StreamFigures,
  topology?: TopologyFigures,
  writes?: MoneyWrites,
): string {
  const autocannonVersion = (JSON.parse(fs.readFileSync(path.join(root, 'node_modules/autocannon/package.json'), 'utf8')) as { version: string }).version;
  const report = `# Benchmark results

Written by \`npm run bench\` on ${info.startedAt.toISOString()}; the whole run took ${info.elapsedSeconds.toFixed(0)} s.

- Machine: ${machine()}. Server, load generator and database share it;
  1-minute load average ${info.loadAtStart.toFixed(1)} at the start, ${info.loadAtEnd.toFixed(1)} at the end.
- Load: autocannon ${autocannonVersion} over loopback, each scenario at ${CONNECTION_COUNTS.join(' and at ')} connections, ${DURATION_S} s after a ${WARMUP_S} s warm-up that is not counted.
  The server runs at its default log level (\`info\`: one line per request).
  Every app call is signed afresh (new \`times\`, \`ranstr\` and \`sign\`) with the token of one of ${USERS} users, in turn;
  each recharge has a new \`requestId\`, a random amount (10.00–20000.00) and one of ${CHANNELS.length} channels
  (the first-start \`${CHANNELS[0]}\`, its random extra tenth switched off, and three the run adds).
- Direct: the service each route calls (assets, recharge creation, recharge review) on the same database through the
  driver, no HTTP, as many loops at a time as the HTTP run had connections (on a pool of ${CONNECTIONS}, the server's), for ${DURATION_S} s,
  right after the HTTP run of the same scenario, with the server idle. HTTP adds Fastify, JSON, the session lookup (one query:
  the session with the user's frozen flag, or with the operator) and validation, and for app calls the signature check with its
  replay check (in memory on SQLite; the database's table on PostgreSQL without Redis, as in its main table, and in Redis in the table after it).
- Approvals take the recharges both creation runs made, oldest first, the HTTP run first (before the direct run more are
  made the same way, unmeasured, when fewer than it could approve are left); each posts the
  \`recharge_approved\` transfer (world → available) with the status change and an audit line, in one transaction.
- Orders: a project with ${BENCH_PROJECT.periodSeconds}-second periods open until the draw, so periods are drawn and settled
  while orders keep coming; orders in flight at a draw are refused (\`PERIOD_CLOSED\`) and count as errors. Each call
  orders one or two options (quantity 1–5) of the period the clock says is open.
- Money writes that arrive together share one transaction (group commit, \`GROUP_COMMIT_MAX_BATCH\` at its default).
- Settlement: ${SETTLEMENT.orders} orders from ${SETTLEMENT.users} users in one period, then the draw timed alone (server stopped).
- p50 / p99: latency of one request (HTTP) or one service call (direct). Rates count successful operations only.

${footprintSection(footprints)}
${streamsSection(streams)}
${runs.map(section).join('\n')}
${writes ? moneyWritesSection(writes) : ''}
${topology ? topologySection(topology) : ''}
${runs.flatMap((run) => (run.pages ? [pagesSection(run.pages)] : [])).join('\n')}
## App download (gzip)

${bundleTable(bundle)}
`;
  fs.writeFileSync(path.join(root, 'bench/RESULTS.md'), report);
  return report;
}
