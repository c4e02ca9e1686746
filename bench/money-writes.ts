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

/** The server on a fresh database, set up through its API; approvals, then orders, at CONNECTIONS; the ledger verified; pgbench last. */
export async function measureMoneyWrites(postgresServerUrl: string, log: (message: string) => void): Promise<MoneyWrites> {
  const name = `bench_writes_${randomBytes(5).toString('hex')}`;
  const databaseUrl = await createDatabase(postgresServerUrl, name);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-bench-writes-'));
  const stats = new pg.Client({ connectionString: databaseUrl });
  await stats.connect();
  try {
    const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, METRICS_TOKEN });
    const runs: WriteRun[] = [];
    try {
      const { operatorToken, users } = await prepare();
      log('money writes: recharges to approve, made through the service');
      const pending = await rechargesToApprove(databaseUrl, users, 3_000);
      log(`money writes: ${pending.length} approvals over HTTP at ${CONNECTIONS} connections`);
      runs.push(await measureWrites('`/admin/api/recharges/review` approval', approvalScenario(operatorToken, pending), server.pid, stats));
      await prepareGame(operatorToken, users);
      log(`money writes: orders over HTTP at ${CONNECTIONS} connections`);
      runs.push(await measureWrites('`/api/game/order` (1–2 selections)', orderScenario(users), server.pid, stats));
    } finally {
      await server.stop();
    }
    const database = openDatabase({ databaseUrl });
    let ledger: LedgerReport;
    try {
      ledger = await verifyLedger(database);
    } finally {
      await database.close();
    }
    log('money writes: pgbench -b tpcb-like on the same server');
    const pgbench = await runPgbench(postgresServerUrl, `${name}_pgbench`, [CONNECTIONS]);
    return { runs, pgbench, ledger };
  } finally {
    await stats.end();
    await dropDatabase(postgresServerUrl, name);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const fixed = (value: number, digits = 2) => (Number.isFinite(value) ? value.toFixed(digits) : '–');

export function moneyWritesSection(writes: MoneyWrites): string {
  const [bench] = writes.pgbench;
  const tps = bench?.ran ? bench.tps : Number.NaN;
  const rows = writes.runs.map((run) => {
    const { server, postgres, loadGenerator } = run.cpuMs;
    const sum = server + postgres + loadGenerator;
    return `| ${run.what} | ${CONNECTIONS} | ${fixed(run.figures.perSecond, 0)} | ${fixed(run.figures.perSecond / tps)} | ${fixed(run.figures.p50, 1)} | ${fixed(run.figures.p99, 1)} | ${run.figures.errors} | ${fixed(server)} | ${fixed(postgres)} | ${fixed(loadGenerator)} | ${fixed(sum)}: ${fixed(2000 / sum, 0)} | ${fixed(run.roundTrips, 1)} | ${fixed(run.commits, 3)} |`;
  });
  const pgbenchLine = bench?.ran
    ? `\`pgbench -b tpcb-like\` (${bench.version}), scale 1 in a scratch database on the same server, ${bench.clients} clients, ${bench.threads} threads, ${bench.seconds} s: **${fixed(bench.tps, 0)} tps**, latency average ${fixed(bench.latencyMs, 1)} ms.`
    : (bench?.note ?? 'pgbench did not run.');
  return `${WRITES_SECTION_TITLE}

The server from the build on a fresh PostgreSQL database, set up as above, with \`METRICS_TOKEN\` set (its query count is read
from \`/metrics\`); approvals of recharges made beforehand, then orders into the period open (the next one within 1.5 s of
the lock, as the app does), each at ${CONNECTIONS} connections for ${DURATION_S} s after a ${WARMUP_S} s warm-up. CPU: user + system time of
each process over the measured run per successful write; the processes share 2 cores, so 2 000 ms a second divided by
the sum is the most this machine could answer. Round trips: queries the server sent per write; commits: transactions
PostgreSQL ended per write (\`pg_stat_database\`).

${pgbenchLine}

| write | connections | per s | / pgbench tps | p50 ms | p99 ms | errors | server CPU ms | PostgreSQL CPU ms | load generator CPU ms | sum: at most per s on 2 cores | round trips | commits |
|---|---|---|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}

Ledger verify after the run: ${writes.ledger.ok ? 'ok' : '**FAILED**'} (${writes.ledger.transfers} transfers).
`;
}

if (process.argv[1] === import.meta.filename) {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) throw new Error('BENCH_DATABASE_URL names the PostgreSQL server to measure on');
  const section = moneyWritesSection(await measureMoneyWrites(serverUrl, (message) => console.log(`[bench] ${message}`)));
  replaceSection(WRITES_SECTION_TITLE, section);
  console.log(section);
}
