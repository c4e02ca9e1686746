// The real server as a child process, and throwaway PostgreSQL databases for it.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import pg from 'pg';
import { BASE_URL, BENCH_TIME_ZONE, CAPTCHA_ANSWER, OPERATOR, PORT, ROOT_INVITE_CODE, SIGNING } from './settings.js';

const root = path.resolve(import.meta.dirname, '..');

export interface RunningServer {
  pid: number;
  stop(): Promise<void>;
}

/** `node --import tsx apps/server/src/main.ts` on the given data folder (and DATABASE_URL), once /healthz answers. */
export async function startServer(env: { DATA_DIR: string; DATABASE_URL?: string }): Promise<RunningServer> {
  // node itself, not npx: a signal must reach the server, not a wrapper.
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      TIME_ZONE: BENCH_TIME_ZONE,
      APP_ID: SIGNING.appId,
      APP_SIGNING_KEYS: `${SIGNING.keyId}:${SIGNING.key}`,
      OPERATOR_USERNAME: OPERATOR.username,
      OPERATOR_PASSWORD: OPERATOR.password,
      ROOT_INVITE_CODE,
      CAPTCHA_FIXED_ANSWER: CAPTCHA_ANSWER,
      DATABASE_URL: '',
      ...env,
    },
    // stdout carries the first-start notice only; warnings and errors come on stderr.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = once(child, 'exit');
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  for (let i = 0; i < 150; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode} before it answered`);
    try {
      if ((await fetch(`${BASE_URL}/healthz`)).ok) return { pid: child.pid!, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error('the server did not answer /healthz within 30 s');
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
