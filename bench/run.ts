// `npm run bench`: the server on a fresh database, loaded over loopback with
// signed calls; the same database work done directly for comparison.
// Writes bench/RESULTS.md. SQLite always; PostgreSQL too when BENCH_DATABASE_URL is set.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { computeSign, randomRanstr } from '@wallet/contract';
import { openDatabase } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { ReplayStore } from '../apps/server/src/http/replay-store.js';

const root = path.resolve(import.meta.dirname, '..');
const PORT = 18_380;
const KEY = 'bench-signing-key-0123456789';
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;

interface Figures {
  database: string;
  httpPerSecond: number;
  httpP50: number;
  httpP99: number;
  directPerSecond: number;
  errors: number;
}

function signedBody(): string {
  const times = Date.now();
  const ranstr = randomRanstr((bytes) => randomBytes(bytes.length));
  return JSON.stringify({ token: 'none', appid: 'wallet-bench', secret: 'b1', times, ranstr, sign: computeSign('wallet-bench', times, ranstr, KEY) });
}

async function startServer(env: Record<string, string>): Promise<ChildProcess> {
  // node itself, not npx: a signal must reach the server, not a wrapper.
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(PORT), LOG_LEVEL: 'warn', APP_ID: 'wallet-bench', APP_SIGNING_KEYS: `b1:${KEY}`, OPERATOR_PASSWORD: 'bench-operator-password', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/healthz`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start');
}

async function loadHttp(): Promise<autocannon.Result> {
  return autocannon({
    url: `http://127.0.0.1:${PORT}/api/login/getlang`,
    connections: CONNECTIONS,
    duration: DURATION_S,
    requests: [{ method: 'POST', headers: { 'content-type': 'application/json' }, setupRequest: (req) => ({ ...req, body: signedBody() }) }],
  });
}

/** What each signed call writes (its ranstr), straight through the driver, CONNECTIONS at a time. */
async function loadDirect(databaseUrl: string | undefined, sqliteFile: string): Promise<number> {
  const database = openDatabase({ databaseUrl, sqliteFile, poolSize: CONNECTIONS });
  await migrateToLatest(database);
  const store = new ReplayStore(database.db);
  const until = Date.now() + DURATION_S * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < until) {
        await store.remember(randomRanstr((bytes) => randomBytes(bytes.length)), Date.now());
        done++;
      }
    }),
  );
  await database.close();
  return done / DURATION_S;
}

/** A new, empty database on the same PostgreSQL server; dropped when the run ends. */
async function freshPostgresDatabase(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `wallet_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const databaseUrl = new URL(url);
  databaseUrl.pathname = `/${name}`;
  return {
    url: databaseUrl.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

async function measure(label: string, postgresUrl: string | undefined): Promise<Figures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-bench-'));
  const serverDb = postgresUrl ? await freshPostgresDatabase(postgresUrl) : undefined;
  const directDb = postgresUrl ? await freshPostgresDatabase(postgresUrl) : undefined;
  const server = await startServer({ DATA_DIR: dataDir, ...(serverDb ? { DATABASE_URL: serverDb.url } : {}) });
  try {
    await loadHttp(); // warm-up, not reported
    const http = await loadHttp();
    const direct = await loadDirect(directDb?.url, path.join(dataDir, 'direct.sqlite'));
    return {
      database: label,
      httpPerSecond: http.requests.average,
      httpP50: http.latency.p50,
      httpP99: http.latency.p99,
      directPerSecond: direct,
      errors: http.errors + http.non2xx,
    };
  } finally {
    server.kill('SIGTERM');
    await once(server, 'exit');
    await serverDb?.drop();
    await directDb?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The app's download sizes, from a fresh production build. */
function bundleSizes(): { firstLoadKb: number; largestPage: { page: string; kb: number } } {
  const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'ignore' });
  if (build.status !== 0) throw new Error('the app did not build');
  const report = spawnSync(process.execPath, ['scripts/bundle-size.mjs', '--json'], { cwd: root, encoding: 'utf8' });
  return JSON.parse(report.stdout) as ReturnType<typeof bundleSizes>;
}

const bundle = bundleSizes();
const runs: Figures[] = [await measure('SQLite', undefined)];
if (process.env.BENCH_DATABASE_URL) runs.push(await measure('PostgreSQL', process.env.BENCH_DATABASE_URL));

const rows = runs.map(
  (r) =>
    `| ${r.database} | ${r.httpPerSecond.toFixed(0)} | ${r.httpP50} | ${r.httpP99} | ${r.directPerSecond.toFixed(0)} | ${(r.httpPerSecond / r.directPerSecond).toFixed(2)} | ${r.errors} |`,
);
const report = `# Benchmark results

Written by \`npm run bench\`. Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${new Date().toISOString()}.
Load: autocannon over loopback, ${CONNECTIONS} connections, ${DURATION_S} s after a ${DURATION_S} s warm-up.

## Signed public call (\`/api/login/getlang\`)

Every request is freshly signed (new \`ranstr\` and \`sign\`), so each one passes the
whole signature check and writes its \`ranstr\` to the replay store. "Direct" is
that same replay-store write through the database driver with no HTTP, ${CONNECTIONS} at a time.

| database | HTTP calls/s | p50 ms | p99 ms | direct writes/s | HTTP / direct | errors |
|---|---|---|---|---|---|---|
${rows.join('\n')}

## App download (gzip)

| what | size | budget |
|---|---|---|
| first-load JavaScript | ${bundle.firstLoadKb} KB | 150 KB |
| largest page chunk (\`${bundle.largestPage.page}\`) | ${bundle.largestPage.kb.toFixed(1)} KB | 30 KB |
`;
fs.writeFileSync(path.join(root, 'bench/RESULTS.md'), report);
console.log(report);
