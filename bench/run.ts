// `npm run bench`: the server on a fresh database, set up through its own API and loaded over
// loopback with signed, authenticated calls; the same work done directly through the driver for
// comparison; the dice game's orders, and the draw of one big period; on PostgreSQL also pgbench. SQLite always; PostgreSQL too when BENCH_DATABASE_URL is set.
// Writes bench/RESULTS.md. It measures only: no figure makes it fail.
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase, sqliteFileIn } from '../apps/server/src/db/database.js';
import { prepare } from './api.js';
import { openDirect } from './direct.js';
import { orderPlacements, prepareGame } from './game.js';
import { assetsReads, rechargeApprovals, rechargeCreations } from './http-load.js';
import { measureSettlement } from './settlement.js';
import { runPgbench } from './pgbench.js';
import { writeReport, type BundleSizes, type DatabaseRun } from './report.js';
import { createDatabase, dropDatabase, postgresVersion, startServer } from './server.js';
import { BENCH_PROJECT, CONNECTIONS, DURATION_S, OPERATOR_FIGURES, SETTLEMENT } from './settings.js';
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
    log(`${label}: starting the server on a fresh ${postgresServerUrl ? `database ${name}` : 'data folder'}`);
    const server = await startServer({ DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
    let result: Omit<DatabaseRun, 'pgbench' | 'settlement'>;
    try {
      const { operatorToken, users } = await prepare();
      const direct = await openDirect(databaseUrl, sqliteFileIn(dataDir), users.map((user) => user.username));
      try {
        log(`${label}: ${users.length} users registered and funded; assets reads over HTTP, then direct`);
        const assets = { http: await assetsReads(users), direct: await direct.assets() };
        log(`${label}: recharge creations over HTTP, then direct`);
        const created: string[] = [];
        const recharge = { http: await rechargeCreations(users, created), direct: await direct.createRecharges(created) };
        log(`${label}: recharge approvals over HTTP, then direct (${created.length} recharges under review)`);
        const viaHttp = await rechargeApprovals(operatorToken, created);
        // Direct approvals can outrun what is left: make sure of a generous supply (not measured).
        const wanted = Math.ceil(DURATION_S * Math.max(1.5 * recharge.direct.perSecond, 2 * viaHttp.figures.perSecond));
        const added = await direct.topUp(created, viaHttp.next, wanted, DURATION_S);
        if (added > 0) log(`${label}: ${added} more recharges made directly for the direct approvals (not measured)`);
        const viaDirect = await direct.approveRecharges(created, viaHttp.next);
        log(`${label}: the dice game: a ${BENCH_PROJECT.periodSeconds}-second project, order placement over HTTP, then direct`);
        await prepareGame(operatorToken, users);
        const order = { http: await orderPlacements(users), direct: await direct.placeOrders() };
        log(`${label}: the console's dashboard and a CSV export of ${OPERATOR_FIGURES.exportRows.toLocaleString('en')} orders`);
        const operators = await measureOperatorFigures(direct.database, operatorToken, server.pid);
        log(`${label}: ${operatorFiguresLine(operators)}`);
        log(`${label}: ledger verify`);
        result = {
          operators,
          label,
          version,
          http: { assets: assets.http, recharge: recharge.http, approve: viaHttp.figures, order: order.http },
          direct: { assets: assets.direct, recharge: recharge.direct, approve: viaDirect.figures, order: order.direct },
          ledger: await direct.verify(),
        };
      } finally {
        await direct.close();
      }
    } finally {
      await server.stop();
    }
    log(`${label}: settling one period of ${SETTLEMENT.orders} orders from ${SETTLEMENT.users} users (the server stopped)`);
    const database = openDatabase({ databaseUrl, sqliteFile: sqliteFileIn(dataDir), poolSize: CONNECTIONS });
    let settled: DatabaseRun;
    try {
      settled = { ...result, settlement: await measureSettlement(database) };
    } finally {
      await database.close();
    }
    if (!postgresServerUrl) return settled;
    log(`${label}: pgbench -b tpcb-like`);
    return { ...settled, pgbench: await runPgbench(postgresServerUrl, `${name}_pgbench`) };
  } finally {
    if (postgresServerUrl) await dropDatabase(postgresServerUrl, name);
    fs.rmSync(dataDir, { recursive: true, force: true });
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
log(`${DURATION_S} s per scenario, ${CONNECTIONS} connections; building the app for its download sizes`);
const bundle = bundleSizes();
const runs: DatabaseRun[] = [await measure(undefined)];
const postgresUrl = process.env.BENCH_DATABASE_URL;
if (postgresUrl) runs.push(await measure(postgresUrl));
else log('BENCH_DATABASE_URL is not set: SQLite only');
const elapsedSeconds = (Date.now() - startedAt.getTime()) / 1000;
const report = writeReport(runs, bundle, { startedAt, elapsedSeconds, loadAtStart, loadAtEnd: os.loadavg()[0]! });
console.log(`\n${report}`);
