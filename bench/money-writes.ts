// Money writes at the highest connection count on PostgreSQL, beside PostgreSQL's own benchmark in the
// same run: orders and recharge approvals over HTTP, with what each write costs every process (CPU), the
// database round trips and the commits. `npm run bench:writes` runs this part alone.
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/database.js';
import { verifyLedger, type LedgerReport } from '../apps/server/src/ledger/verify.js';
import { prepare, signedBody, type BenchUser } from './api.js';
import { openDirect } from './direct.js';
import type { Figures } from './figures.js';
import { orderablePeriodNo, prepareGame, randomSelections } from './game.js';
import { loadFor, roundRobin, type Scenario } from './http-load.js';
import { runPgbench, type PgbenchResult } from './pgbench.js';
import { metersDuring, namedMeter, processMeter } from './process-cpu.js';
import { replaceSection } from './results-section.js';
import { createDatabase, dropDatabase, startServer } from './server.js';
import { BASE_URL, BENCH_PROJECT, CONNECTION_COUNTS, DURATION_S, WARMUP_S } from './settings.js';

export const WRITES_SECTION_TITLE = '## Money writes against PostgreSQL\'s own benchmark';
const CONNECTIONS = Math.max(...CONNECTION_COUNTS);
const METRICS_TOKEN = 'bench-metrics-token';

export interface WriteRun {
  what: string;
  figures: Figures;
  /** CPU milliseconds each process spent per successful write. */
  cpuMs: { server: number; postgres: number; loadGenerator: number };
  /** Queries the server sent (each one round trip) and transactions PostgreSQL committed, per successful write. */
  roundTrips: number;
  commits: number;
}

export interface MoneyWrites {
  runs: WriteRun[];
  pgbench: PgbenchResult[];
  ledger: LedgerReport;
}

/** The server's count of queries sent, from its Prometheus text. */
async function queriesSent(): Promise<number> {
  const response = await fetch(`${BASE_URL}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = await response.text();
  const line = text.split('\n').find((row) => row.startsWith('db_queries_total '));
  if (!line) throw new Error('the server reports no db_queries_total');
  return Number(line.split(' ')[1]);
}

async function commitsOf(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ n: string }>('select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()');
  return Number(rows[0]?.n ?? 0);
}

/** A warm-up, then the measured run with every process's CPU, the round trips and the commits over it alone. */
async function measureWrites(what: string, scenario: Scenario, serverPid: number, stats: pg.Client): Promise<WriteRun> {
  await loadFor(scenario, WARMUP_S);
  // pg_stat_database is refreshed when a backend's transaction ends; a short pause lets the warm-up's land.
  await new Promise((resolve) => setTimeout(resolve, 600));
  const [queriesBefore, commitsBefore] = [await queriesSent(), await commitsOf(stats)];
  const { result, cpuMs, ownMs } = await metersDuring([processMeter(serverPid), namedMeter('postgres')], () => loadFor(scenario, DURATION_S));
  await new Promise((resolve) => setTimeout(resolve, 600));
  const [queriesAfter, commitsAfter] = [await queriesSent(), await commitsOf(stats)];
  const per = (total: number) => total / Math.max(1, result.count);
  return {
    what,
    figures: result,
    cpuMs: { server: per(cpuMs[0]!), postgres: per(cpuMs[1]!), loadGenerator: per(ownMs) },
    roundTrips: per(queriesAfter - queriesBefore),
    // The two reads of the count are transactions of their own.
    commits: per(commitsAfter - commitsBefore - 2),
  };
}

function approvalScenario(operatorToken: string, pending: string[]): Scenario {
  let index = 0;
  return {
    connections: CONNECTIONS,
    path: '/admin/api/recharges/review',
    headers: { authorization: `Bearer ${operatorToken}` },
    body: () => (index < pending.length ? JSON.stringify({ orderNo: pending[index++], approve: true, remark: '' }) : undefined),
    spare: JSON.stringify({ orderNo: pending[0] ?? 'R000000NONE000000', approve: true, remark: '' }),
  };
}

function orderScenario(users: BenchUser[]): Scenario {
  const nextUser = roundRobin(users);
  return {
    connections: CONNECTIONS,
    path: '/api/game/order',
    body: () => signedBody({ projectId: BENCH_PROJECT.id, periodNo: orderablePeriodNo(), selections: randomSelections(), requestId: randomUUID() }, nextUser().token),
  };
}

/** Enough recharges under review for the approvals' warm-up and run at `perSecond`, made through the service (not measured). */
async function rechargesToApprove(databaseUrl: string, users: BenchUser[], perSecond: number): Promise<string[]> {
  const direct = await openDirect(databaseUrl, '', users.map((user) => user.username));
  try {
    const pending: string[] = [];
    await direct.topUp(pending, 0, Math.ceil(perSecond * (WARMUP_S + DURATION_S)), 120);
    return pending;
  } finally {
    await direct.close();
  }
}

/** How many writes may share a transaction: the default, and one each (as before group commit) for comparison. */
const BATCHINGS = [
  { maxBatch: '64', label: '' },
  { maxBatch: '1', label: ', one transaction each' },
] as const;

/**
 * The server on a fresh database with GROUP_COMMIT_MAX_BATCH at `maxBatch`, set up through its API; approvals, then
 * orders, at CONNECTIONS; the ledger verified afterwards.
 */
async function writesWith(postgresServerUrl: string, batching: (typeof BATCHINGS)[number], log: (message: string) => void): Promise<{ runs: WriteRun[]; ledger: LedgerReport }> {
  const name = `bench_writes_${randomBytes(5).toString('hex')}`;
  const databaseUrl = await createDatabase(postgresServerUrl, name);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-bench-writes-'));
  const stats = new pg.Client({ connectionString: databaseUrl });
  await stats.connect();
  try {
    const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, METRICS_TOKEN, GROUP_COMMIT_MAX_BATCH: batching.maxBatch });
    const runs: WriteRun[] = [];
    try {
      const { operatorToken, users } = await prepare();
      log(`money writes (GROUP_COMMIT_MAX_BATCH=${batching.maxBatch}): recharges to approve, made through the service`);
      const pending = await rechargesToApprove(databaseUrl, users, 3_000);
      log(`money writes: ${pending.length} approvals over HTTP at ${CONNECTIONS} connections`);
      runs.push(await measureWrites(`\`/admin/api/recharges/review\` approval${batching.label}`, approvalScenario(operatorToken, pending), server.pid, stats));
      await prepareGame(operatorToken, users);
      log(`money writes: orders over HTTP at ${CONNECTIONS} connections`);
      runs.push(await measureWrites(`\`/api/game/order\` (1–2 selections)${batching.label}`, orderScenario(users), server.pid, stats));
    } finally {
      await server.stop();
    }
    const database = openDatabase({ databaseUrl });
    try {
      return { runs, ledger: await verifyLedger(database) };
    } finally {
      await database.close();
    }
  } finally {
    await stats.end();
    await dropDatabase(postgresServerUrl, name);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The writes in batches and one by one, each on a fresh database; pgbench last, on the same server. */
export async function measureMoneyWrites(postgresServerUrl: string, log: (message: string) => void): Promise<MoneyWrites> {
  const measured = [];
  for (const batching of BATCHINGS) measured.push(await writesWith(postgresServerUrl, batching, log));
  log('money writes: pgbench -b tpcb-like on the same server');
  const pgbench = await runPgbench(postgresServerUrl, `bench_writes_${randomBytes(5).toString('hex')}_pgbench`, [CONNECTIONS]);
  const problems = measured.flatMap((m) => m.ledger.problems);
  const ledger: LedgerReport = {
    ok: measured.every((m) => m.ledger.ok),
    transfers: measured.reduce((sum, m) => sum + m.ledger.transfers, 0),
    accounts: measured.reduce((sum, m) => sum + m.ledger.accounts, 0),
    entries: measured.reduce((sum, m) => sum + m.ledger.entries, 0),
    problems,
  };
  return { runs: measured.flatMap((m) => m.runs), pgbench, ledger };
}

const fixed = (value: number, digits = 2) => (Number.isFinite(value) ? value.toFixed(digits) : '–');

/** What a write costs each side, and what those costs allow: on these 2 shared cores, and with the database on 2 cores of its own. */
function capacityCells(app: number, postgres: number, loadGenerator: number): string {
  const sum = app + postgres + loadGenerator;
  const apart = Math.min(2000 / (app + loadGenerator), 2000 / postgres);
  return `${fixed(app)} | ${fixed(postgres)} | ${fixed(loadGenerator)} | ${fixed(sum)}: ${fixed(2000 / sum, 0)} | ${fixed(apart, 0)}`;
}

export function moneyWritesSection(writes: MoneyWrites): string {
  const [bench] = writes.pgbench;
  const tps = bench?.ran ? bench.tps : Number.NaN;
  const rows = writes.runs.map((run) => {
    const { server, postgres, loadGenerator } = run.cpuMs;
    const { perSecond, p50, p99, errors } = run.figures;
    return `| ${run.what} | ${fixed(perSecond, 0)} | ${fixed(perSecond / tps)} | ${fixed(p50, 1)} | ${fixed(p99, 1)} | ${errors} | ${capacityCells(server, postgres, loadGenerator)} | ${fixed(run.roundTrips, 1)} | ${fixed(run.commits, 3)} |`;
  });
  if (bench?.ran) {
    rows.push(
      `| \`pgbench -b tpcb-like\` (its own client) | ${fixed(bench.tps, 0)} | 1.00 | – | – | 0 | ${capacityCells(0, bench.cpuMs.postgres, bench.cpuMs.pgbench)} | 7 | 1.000 |`,
    );
  }
  const pgbenchLine = bench?.ran
    ? `\`pgbench -b tpcb-like\` (${bench.version}), scale 1 in a scratch database on the same server, ${bench.clients} clients, ${bench.threads} threads, ${bench.seconds} s: **${fixed(bench.tps, 0)} tps**, latency average ${fixed(bench.latencyMs, 1)} ms; its row counts pgbench itself as the load generator and none as the server.`
    : (bench?.note ?? 'pgbench did not run.');
  return `${WRITES_SECTION_TITLE}

The server from the build on a fresh PostgreSQL database, set up as above, with \`METRICS_TOKEN\` set (its query count is read
from \`/metrics\`); approvals of recharges made beforehand, then orders into the period open (the next one within 1.5 s of
the lock, as the app does), each at ${CONNECTIONS} connections for ${DURATION_S} s after a ${WARMUP_S} s warm-up; writes that arrive together
share a transaction (group commit). Then the same again on another fresh database with \`GROUP_COMMIT_MAX_BATCH=1\`: one
transaction per write, as before group commit (the session and replay-window reads still shared). CPU: user + system time of each process over the measured run, per successful write
(pgbench: per transaction). The processes share 2 cores, so 2 000 ms a second divided by the sum is the most this machine
could answer; "database apart" is the most a machine with 2 cores for PostgreSQL and 2 others for the server and the load
would answer, the lesser of what each side's CPU allows. Round trips: queries the server sent per write; commits:
transactions PostgreSQL ended per write (\`pg_stat_database\`, read-only ones included).

${pgbenchLine}

| write | per s | / pgbench tps | p50 ms | p99 ms | errors | server CPU ms | PostgreSQL CPU ms | load generator CPU ms | sum: at most per s on 2 cores | at most per s, database apart | round trips | commits |
|---|---|---|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}

Ledger verify after each run: ${writes.ledger.ok ? 'ok' : '**FAILED**'} (${writes.ledger.transfers} transfers in all).
`;
}

if (process.argv[1] === import.meta.filename) {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) throw new Error('BENCH_DATABASE_URL names the PostgreSQL server to measure on');
  const section = moneyWritesSection(await measureMoneyWrites(serverUrl, (message) => console.log(`[bench] ${message}`)));
  replaceSection(WRITES_SECTION_TITLE, section);
  console.log(section);
}
