// The real server as a child process, and throwaway PostgreSQL databases for it.
import pg from 'pg';
import { spawnServer } from '../apps/server/src/spawn-server.js';
import { BENCH_TIME_ZONE, CAPTCHA_ANSWER, OPERATOR, PORT, ROOT_INVITE_CODE, SIGNING } from './settings.js';

export interface RunningServer {
  pid: number;
  stop(): Promise<void>;
}

/** The benchmark's configuration of the server: its app id and key, operator, invitation code and captcha answer. */
export function benchServerEnv(): Record<string, string> {
  return {
    NODE_ENV: 'development',
    // The default level, one line per request (to /dev/null): its cost is part of what a request costs.
    LOG_LEVEL: 'info',
    TIME_ZONE: BENCH_TIME_ZONE,
    APP_ID: SIGNING.appId,
    APP_SIGNING_KEYS: `${SIGNING.keyId}:${SIGNING.key}`,
    OPERATOR_USERNAME: OPERATOR.username,
    OPERATOR_PASSWORD: OPERATOR.password,
    ROOT_INVITE_CODE,
    CAPTCHA_FIXED_ANSWER: CAPTCHA_ANSWER,
    DATABASE_URL: '',
  };
}

/**
 * `node --import tsx apps/server/src/main.ts` on the given data folder (and DATABASE_URL), once /healthz answers;
 * with `profileDir`, node writes a CPU profile of the whole process there when it stops.
 */
export async function startServer(env: { DATA_DIR: string; DATABASE_URL?: string; REDIS_URL?: string; METRICS_TOKEN?: string; GROUP_COMMIT_MAX_BATCH?: string }, profileDir?: string): Promise<RunningServer> {
  const server = await spawnServer({
    env: { ...process.env, ...benchServerEnv(), ...env },
    ...(profileDir ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] } : {}),
    port: PORT,
    // As production runs it: `npm run bench` builds first.
    from: 'build',
    // stdout carries the first-start notice only; warnings and errors come on stderr.
    stderr: 'inherit',
  });
  return { pid: server.pid, stop: () => server.stop() };
}

/** A connection string for another database on the same PostgreSQL server. */
export function databaseUrlFor(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates an empty database; `name` is made by the benchmark itself (letters, digits, _). */
export async function createDatabase(serverUrl: string, name: string): Promise<string> {
  await onServer(serverUrl, (client) => client.query(`create database ${name}`));
  return databaseUrlFor(serverUrl, name);
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await onServer(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
}

export async function postgresVersion(serverUrl: string): Promise<string> {
  return onServer(serverUrl, async (client) => {
    const result = await client.query<{ server_version: string }>('show server_version');
    return result.rows[0]?.server_version ?? 'unknown';
  });
}
