// `npm run bench`: the server on a fresh database, set up through its own API and loaded over
// loopback with signed, authenticated calls; the same work done directly through the driver for
// comparison; the dice game's orders, and the draw of one big period; on PostgreSQL also the money writes beside pgbench. SQLite always; PostgreSQL too when BENCH_DATABASE_URL is set.
// Writes bench/RESULTS.md. It measures only: no figure makes it fail.
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase, sqliteFileIn } from '../apps/server/src/db/database.js';
import { openDirect } from './direct.js';
import { orderPlacements, prepareGame } from './game.js';
import { assetsReads, rechargeApprovals, rechargeCreations } from './http-load.js';
import { measureSettlement } from './settlement.js';
import { measureMoneyWrites } from './money-writes.js';
import { measurePages } from './pages.js';
import { measureTopology } from './topology.js';
import { measureFootprints } from './footprint.js';
import { STREAMS, measureStreams } from './streams.js';
import { writeReport, type AssetsWithRedis, type BundleSizes, type DatabaseRun, type LoadRun } from './report.js';
import type { BenchUser } from './api.js';
import { LOCAL_REDIS_URL } from '../deploy/services.js';
import { redisAnswers } from '../apps/server/src/testing/redis.js';
import { namedMeter, processMeter } from './process-cpu.js';
import { createDatabase, dropDatabase, postgresVersion, startServer } from './server.js';
import { BASE_URL, BENCH_PROJECT, CONNECTION_COUNTS, CONNECTIONS, DURATION_S, OPERATOR_FIGURES, SETTLEMENT } from './settings.js';
import { profileLine, profiledAssetsReads } from './profiled-reads.js';
import { measureOperatorFigures, operatorFiguresLine } from './operator-figures.js';

const root = path.resolve(import.meta.dirname, '..');
const log = (message: string) => console.log(`[bench] ${message}`);

async function sqliteVersion(): Promise<string> {
  const database = openDatabase({ sqliteFile: ':memory:' });
  try {
    const { rows } = await sql<{ version: string }>`select sqlite_version() as version`.execute(database.db);
    return `SQLite ${rows[0]?.version ?? 'unknown'}`;
  } finally {
    await database.close();
  }
}

/** The money scenarios at one connection count; the game's orders follow once its project is set up. */
type MoneyLoad = { connections: number; http: Omit<LoadRun['http'], 'order'>; direct: Omit<LoadRun['direct'], 'order'> };

/**
 * One database: the server on it, set up through its API; then, with the server
 * idle in between, each HTTP scenario and the same services called directly.
 * Approvals come last so that both creation runs have filled the queue they
 * take from. On PostgreSQL pgbench follows.
 */
async function measure(postgresServerUrl: string | undefined): Promise<DatabaseRun> {
  const label = postgresServerUrl ? 'PostgreSQL' : 'SQLite';
  const version = postgresServerUrl ? `PostgreSQL ${await postgresVersion(postgresServerUrl)}` : await sqliteVersion();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-bench-'));
  const name = `bench_${randomBytes(5).toString('hex')}`;
  const databaseUrl = postgresServerUrl ? await createDatabase(postgresServerUrl, name) : undefined;
  try {
    const env = { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
    log(`${label}: starting the server under a CPU profile on a fresh ${postgresServerUrl ? `database ${name}` : 'data folder'}`);
    const { prepared, profile } = await profiledAssetsReads(env);
    log(`${label}: ${profileLine(profile)}; the server again, without the profiler`);
    const server = await startServer(env);
    let result: Omit<DatabaseRun, 'settlement'>;
    try {
      const { operatorToken, users } = prepared;
      // The app does not change with the database: its pages are measured once, on the idle SQLite server.
      if (!postgresServerUrl) log(`${label}: the app's pages in Lighthouse and axe-core`);
      const pages = postgresServerUrl ? undefined : await measurePages(BASE_URL);
      const direct = await openDirect(databaseUrl, sqliteFileIn(dataDir), users.map((user) => user.username));
      try {
        const moneyLoads: MoneyLoad[] = [];
        for (const connections of CONNECTION_COUNTS) {
          const at = `${label}, ${connections} connections`;
          log(`${at}: assets reads over HTTP, then direct`);
          const assets = { http: await assetsReads(users, connections), direct: await direct.assets(connections) };
          log(`${at}: recharge creations over HTTP, then direct`);
          const created: string[] = [];
          const recharge = { http: await rechargeCreations(users, created, connections), direct: await direct.createRecharges(created, connections) };
          log(`${at}: recharge approvals over HTTP, then direct (${created.length} recharges under review)`);
          // On PostgreSQL, the CPU the server and the database spend per approval, beside pgbench's transactions.
          const viaHttp = await rechargeApprovals(operatorToken, created, 0, connections, postgresServerUrl ? [processMeter(server.pid), namedMeter('postgres')] : undefined);
          // Direct approvals can outrun what is left: make sure of a generous supply (not measured).
          const wanted = Math.ceil(DURATION_S * Math.max(1.5 * recharge.direct.perSecond, 2 * viaHttp.figures.perSecond));
          const added = await direct.topUp(created, viaHttp.next, wanted, DURATION_S);
          if (added > 0) log(`${at}: ${added} more recharges made directly for the direct approvals (not measured)`);
          const viaDirect = await direct.approveRecharges(created, viaHttp.next, connections);
          moneyLoads.push({
            connections,
            http: { assets: assets.http, recharge: recharge.http, approve: viaHttp.figures },
            direct: { assets: assets.direct, recharge: recharge.direct, approve: viaDirect.figures },
          });
        }
        log(`${label}: the dice game: a ${BENCH_PROJECT.periodSeconds}-second project, order placement over HTTP, then direct`);
        await prepareGame(operatorToken, users);
        const loads: LoadRun[] = [];
        for (const load of moneyLoads) {
          const order = { http: await orderPlacements(users, load.connections), direct: await direct.placeOrders(load.connections) };
          loads.push({ connections: load.connections, http: { ...load.http, order: order.http }, direct: { ...load.direct, order: order.direct } });
        }
        log(`${label}: the console's dashboard and a CSV export of ${OPERATOR_FIGURES.exportRows.toLocaleString('en')} orders`);
        const operators = await measureOperatorFigures(direct.database, operatorToken, server.pid);
        log(`${label}: ${operatorFiguresLine(operators)}`);
        log(`${label}: ledger verify`);
        result = { operators, pages, label, version, profile, loads, ledger: await direct.verify() };
      } finally {
        await direct.close();
      }
    } finally {
      await server.stop();
    }
    if (postgresServerUrl) result = { ...result, assetsWithRedis: await assetsReadsWithRedis(env, prepared.users) };
    log(`${label}: settling one period of ${SETTLEMENT.orders} orders from ${SETTLEMENT.users} users (the server stopped)`);
    const database = openDatabase({ databaseUrl, sqliteFile: sqliteFileIn(dataDir), poolSize: CONNECTIONS });
    let settled: DatabaseRun;
    try {
      settled = { ...result, settlement: await measureSettlement(database) };
    } finally {
      await database.close();
    }
    return settled;
  } finally {
    if (postgresServerUrl) await dropDatabase(postgresServerUrl, name);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * PostgreSQL without Redis keeps the replay window in a table, a write per
 * signed call; several instances run with Redis (docs/deploy.md). The server
 * again on the same database with REDIS_URL, assets reads only.
 */
async function assetsReadsWithRedis(env: Parameters<typeof startServer>[0], users: BenchUser[]): Promise<AssetsWithRedis[] | undefined> {
  const redisUrl = process.env.REDIS_URL ?? LOCAL_REDIS_URL;
  if (!(await redisAnswers(redisUrl))) {
    log(`PostgreSQL: no Redis at ${redisUrl}: assets reads with the replay window in Redis not measured`);
    return undefined;
  }
  log('PostgreSQL: the server again with REDIS_URL, assets reads over HTTP');
  const server = await startServer({ ...env, REDIS_URL: redisUrl });
  try {
    const rows: AssetsWithRedis[] = [];
    for (const connections of CONNECTION_COUNTS) {
      const figures = await assetsReads(users, connections, [processMeter(server.pid), namedMeter('postgres'), namedMeter('redis-server')]);
      const [serverMs = 0, postgresMs = 0, redisMs = 0] = figures.cpuMs?.processes ?? [];
      const perRequest = (total: number) => total / figures.count;
      rows.push({
        connections,
        figures,
        cpuMsPerRequest: {
          server: perRequest(serverMs),
          postgres: perRequest(postgresMs),
          redis: perRequest(redisMs),
          loadGenerator: perRequest(figures.cpuMs?.loadGenerator ?? 0),
        },
      });
    }
    return rows;
  } finally {
    await server.stop();
  }
}

/** The app's download sizes, from a fresh production build; null when the app does not build (the rest still runs). */
function bundleSizes(): BundleSizes | null {
  const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'ignore' });
  if (build.status !== 0) {
    log('the app did not build (`npm run build` shows why): no download sizes this time');
    return null;
  }
  const report = spawnSync(process.execPath, ['scripts/bundle-size.mjs', '--json'], { cwd: root, encoding: 'utf8' });
  return JSON.parse(report.stdout) as BundleSizes;
}

const startedAt = new Date();
const loadAtStart = os.loadavg()[0]!;
log(`${DURATION_S} s per scenario, at ${CONNECTION_COUNTS.join(' and ')} connections; building the app for its download sizes`);
const bundle = bundleSizes();
log('the server\'s start-up time and memory, from the build and from the sources');
const footprints = await measureFootprints();
log(`what ${STREAMS} live-results streams cost the server`);
const streams = await measureStreams();
const runs: DatabaseRun[] = [await measure(undefined)];
const postgresUrl = process.env.BENCH_DATABASE_URL;
if (postgresUrl) runs.push(await measure(postgresUrl));
else log('BENCH_DATABASE_URL is not set: SQLite only');
const writes = postgresUrl ? await measureMoneyWrites(postgresUrl, log) : undefined;
const topology = postgresUrl ? await measureTopology(postgresUrl, undefined, log) : undefined;
const elapsedSeconds = (Date.now() - startedAt.getTime()) / 1000;
const report = writeReport(runs, bundle, { startedAt, elapsedSeconds, loadAtStart, loadAtEnd: os.loadavg()[0]! }, footprints, streams, topology, writes);
console.log(`\n${report}`);
