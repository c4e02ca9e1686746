import { computeSign, randomRanstr, type Envelope } from '@wallet/contract';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DestinationStream } from 'pino';
import { runFirstStart } from '../first-start.js';
import { buildApp, type BuiltApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export const TEST_APP_ID = 'wallet-test';
export const TEST_KEY_ID = 't1';
export const TEST_KEY = 'test-signing-key-0123456789';
export const TEST_ROOT_INVITE_CODE = 'ROOTCODE';
export const TEST_OPERATOR = { username: 'admin', password: 'operator-password-1' };
/** Every captcha accepts this answer in tests. */
/** The test clients all run on this machine and name their own addresses: the loopback is their trusted proxy. */
export const LOOPBACK_PROXIES = '127.0.0.1,::1';

export const TEST_CAPTCHA_ANSWER = 'pass';

export interface TestServer extends BuiltApp {
  baseUrl: string;
  database: TestDatabase;
  config: Config;
  close(): Promise<void>;
}

/** The real app on a real port over a fresh database; `env` overrides configuration, `logStream` receives the log lines. */
export async function startTestServer(env: Record<string, string> = {}, now?: () => number, logStream?: DestinationStream): Promise<TestServer> {
  const database = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-test-data-'));
  const config = loadConfig({
    APP_ID: TEST_APP_ID,
    APP_SIGNING_KEYS: `${TEST_KEY_ID}:${TEST_KEY}`,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    WEB_DIST_DIR: '/nonexistent',
    DATA_DIR: dataDir,
    // Tests act as many clients, all from this machine: each names its address in X-Forwarded-For.
    TRUST_PROXY: LOOPBACK_PROXIES,
    CAPTCHA_FIXED_ANSWER: TEST_CAPTCHA_ANSWER,
    ROOT_INVITE_CODE: TEST_ROOT_INVITE_CODE,
    OPERATOR_USERNAME: TEST_OPERATOR.username,
    OPERATOR_PASSWORD: TEST_OPERATOR.password,
    ...env,
  });
  const built = await buildApp({ config, database, ...(now ? { now } : {}), ...(logStream ? { logStream } : {}) });
  await runFirstStart(database.db, built.settings, config, (now ?? Date.now)());
  const address = await built.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    ...built,
    baseUrl: address,
    database,
    config,
    async close() {
      await built.app.close();
      await database.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface SignOptions {
  token?: string;
  times?: number;
  ranstr?: string;
  appid?: string;
  keyId?: string;
  key?: string;
}

/** A body signed the way PRODUCT §2 says, with the call's own fields. */
export function signedBody(fields: Record<string, unknown> = {}, options: SignOptions = {}): Record<string, unknown> {
  const appid = options.appid ?? TEST_APP_ID;
  const times = options.times ?? Date.now();
  const ranstr = options.ranstr ?? randomRanstr((bytes) => randomBytes(bytes.length));
  return {
    token: options.token ?? 'none',
    appid,
    secret: options.keyId ?? TEST_KEY_ID,
    times,
    ranstr,
    sign: computeSign(appid, times, ranstr, options.key ?? TEST_KEY),
    ...fields,
  };
}

export interface CallResponse<T = unknown> {
  status: number;
  body: Envelope<T>;
  headers: Headers;
}

/** POSTs a JSON body (already signed, or raw text) over real HTTP. */
export async function post<T = unknown>(
  server: Pick<TestServer, 'baseUrl'>,
  path: string,
  body: Record<string, unknown> | string,
  language = 'en',
  headers: Record<string, string> = {},
): Promise<CallResponse<T>> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': language, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Envelope<T>, headers: response.headers };
}
