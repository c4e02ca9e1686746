import { computeSign, randomRanstr, type Envelope } from '@wallet/contract';
import { randomBytes } from 'node:crypto';
import { buildApp, type BuiltApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export const TEST_APP_ID = 'wallet-test';
export const TEST_KEY_ID = 't1';
export const TEST_KEY = 'test-signing-key-0123456789';

export interface TestServer extends BuiltApp {
  baseUrl: string;
  database: TestDatabase;
  config: Config;
  close(): Promise<void>;
}

/** The real app on a real port over a fresh database; `env` overrides configuration. */
export async function startTestServer(env: Record<string, string> = {}, now?: () => number): Promise<TestServer> {
  const database = await createTestDatabase();
  const config = loadConfig({
    APP_ID: TEST_APP_ID,
    APP_SIGNING_KEYS: `${TEST_KEY_ID}:${TEST_KEY}`,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    ...env,
  });
  const built = await buildApp({ config, database, ...(now ? { now } : {}) });
  await built.settings.ensureDefaults();
  const address = await built.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    ...built,
    baseUrl: address,
    database,
    config,
    async close() {
      await built.app.close();
      await database.destroy();
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
): Promise<CallResponse<T>> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': language },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Envelope<T>, headers: response.headers };
}
