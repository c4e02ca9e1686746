import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect } from 'vitest';
import { openConfiguredDatabase, type OpenDatabase } from '../db/database.js';
import { spawnServer } from '../spawn-server.js';
import type { CallResponse } from './test-server.js';
import { runNpmScript } from './npm-script.js';
import {
  LOOPBACK_PROXIES,
  TEST_APP_ID,
  TEST_CAPTCHA_ANSWER,
  TEST_KEY,
  TEST_KEY_ID,
  TEST_OPERATOR,
  TEST_ROOT_INVITE_CODE,
  type TestServer,
} from './test-server.js';

/** The real server as its own process (`main.ts`), on data that outlives it or that a second process shares. */

export interface DataLocation {
  env: Record<string, string>;
  remove(): Promise<void>;
}

/** A fresh SQLite data folder, or with TEST_DB=postgres a fresh database on the test PostgreSQL server. */
export async function freshData(): Promise<DataLocation> {
  if (process.env.TEST_DB !== 'postgres') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-crash-'));
    return { env: { DATA_DIR: dataDir }, remove: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  return freshPostgresData(serverUrl);
}

/** A fresh database on the PostgreSQL server of `serverUrl`, and a data folder for what lives beside it (uploads). */
export async function freshPostgresData(serverUrl: string): Promise<DataLocation> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-crash-'));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  const name = `wallet_crash_${randomBytes(6).toString('hex')}`;
  const onServer = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await onServer(`create database ${name}`);
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl.toString() },
    async remove() {
      removeDir();
      await onServer(`drop database if exists ${name} with (force)`);
    },
  };
}

/** Only what the server and npm need: nothing of this test runner's own environment leaks in. */
export function serverEnv(data: DataLocation, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME, ...data.env, ...extra };
}

/** What every server process of the tests runs with: the tests' app id and key, operator, invitation code and captcha answer. */
export function testInstanceEnv(): Record<string, string> {
  return {
    LOG_LEVEL: 'error',
    APP_ID: TEST_APP_ID,
    APP_SIGNING_KEYS: `${TEST_KEY_ID}:${TEST_KEY}`,
    OPERATOR_USERNAME: TEST_OPERATOR.username,
    OPERATOR_PASSWORD: TEST_OPERATOR.password,
    ROOT_INVITE_CODE: TEST_ROOT_INVITE_CODE,
    CAPTCHA_FIXED_ANSWER: TEST_CAPTCHA_ANSWER,
    // Every simulated client names its own address, as the in-process test servers allow.
    TRUST_PROXY: LOOPBACK_PROXIES,
    WEB_DIST_DIR: '/nonexistent',
  };
}

export interface ServerProcess {
  /** What the test helpers need of a server: its address. */
  server: TestServer;
  child: ChildProcess;
  exited: Promise<unknown>;
}

export async function startServerProcess(data: DataLocation, extraEnv: Record<string, string> = {}): Promise<ServerProcess> {
  const spawned = await spawnServer({ env: serverEnv(data, { ...testInstanceEnv(), ...extraEnv }) });
  return { server: { baseUrl: spawned.url } as TestServer, child: spawned.child, exited: spawned.exited };
}

export async function stopServerProcess(running: ServerProcess | undefined, signal: NodeJS.Signals): Promise<void> {
  if (!running || running.child.exitCode !== null || running.child.signalCode !== null) return;
  running.child.kill(signal);
  await running.exited;
}

/** The shared data opened from this test process, as the servers open it, to arrange what a test needs. */
export function openData(data: DataLocation): OpenDatabase {
  return openConfiguredDatabase({ databaseUrl: data.env.DATABASE_URL, dataDir: data.env.DATA_DIR! });
}

/**
 * Fresh data for the server processes of one test file (or describe block),
 * removed afterwards with every process the tests started on it (listed in
 * `running`).
 */
export function sharedDataForProcesses(): { data: DataLocation; running: ServerProcess[] } {
  const shared = { data: undefined as unknown as DataLocation, running: [] as ServerProcess[] };
  beforeAll(async () => {
    shared.data = await freshData();
  });
  afterAll(async () => {
    for (const instance of shared.running) await stopServerProcess(instance, 'SIGTERM');
    await shared.data.remove();
  });
  return shared;
}

/**
 * Fresh data for one test file and the server process a test runs on it, one at a time: `start` it (again after
 * killing it); afterwards the last one is killed and the data removed.
 */
export function processOnFreshData(): { readonly data: DataLocation; start(extraEnv?: Record<string, string>): Promise<ServerProcess> } {
  let data: DataLocation | undefined;
  let running: ServerProcess | undefined;
  beforeAll(async () => {
    data = await freshData();
  });
  afterAll(async () => {
    await stopServerProcess(running, 'SIGKILL');
    await data?.remove();
  });
  return {
    get data() {
      if (!data) throw new Error('the data is made before the first test');
      return data;
    },
    async start(extraEnv = {}) {
      running = await startServerProcess(this.data, extraEnv);
      return running;
    },
  };
}

/**
 * A call to a server that may be killed under it: the answer's data, or null
 * when none came (the server is gone) or the server refused it (noted in
 * `failures` under `label`, for the test to show).
 */
export async function answerOrNothing<T>(label: string, sent: () => Promise<CallResponse<T>>, failures: string[]): Promise<T | null> {
  let response: CallResponse<T>;
  try {
    response = await sent();
  } catch {
    return null;
  }
  if (response.status !== 200) {
    failures.push(`${label}: ${JSON.stringify(response.body)}`);
    return null;
  }
  return response.body.data as T;
}

/** After a kill: `npm run ledger:verify` finds the data as the kill left it clean; then the server starts again on it. */
export async function ledgerCleanThenRestart(fixture: ReturnType<typeof processOnFreshData>): Promise<ServerProcess> {
  const cli = await runNpmScript('ledger:verify', [], serverEnv(fixture.data));
  expect(cli.stdout, cli.stderr).toMatch(/^Ledger OK: \d+ transfers/m);
  expect(cli.code).toBe(0);
  return fixture.start();
}
