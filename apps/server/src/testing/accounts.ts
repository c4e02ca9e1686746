import { randomBytes } from 'node:crypto';
import type { UserProfile } from '@wallet/contract';
import {
  TEST_CAPTCHA_ANSWER,
  TEST_OPERATOR,
  TEST_ROOT_INVITE_CODE,
  post,
  signedBody,
  startTestServer,
  type CallResponse,
  type TestServer,
} from './test-server.js';

export interface ClientOptions {
  token?: string;
  /** The client's address, sent as X-Forwarded-For (test servers trust it). */
  ip?: string;
  lang?: string;
  /** The client's clock; by default the test server's clock (see startClockedServer), else real time. */
  times?: number;
}

export interface ManualClock {
  now(): number;
  advance(ms: number): void;
}

/** A clock that moves only when told. */
export function manualClock(start = Date.now()): ManualClock {
  let time = start;
  return {
    now: () => time,
    advance: (ms) => {
      time += ms;
    },
  };
}

const serverClocks = new WeakMap<Pick<TestServer, 'baseUrl'>, () => number>();

export type ClockedServer = TestServer & { clock: ManualClock };

/** A test server on a manual clock; calls to it sign with its time, so moving the clock never makes them stale. */
export async function startClockedServer(env: Record<string, string> = {}, clock = manualClock()): Promise<ClockedServer> {
  const server: ClockedServer = { ...(await startTestServer(env, clock.now)), clock };
  serverClocks.set(server, clock.now);
  return server;
}

/** A fresh address per caller, so per-IP limits of one test do not touch another's. */
export function randomIp(): string {
  const [a, b, c] = randomBytes(3);
  return `10.${a}.${b}.${c}`;
}

/** A signed app call, as a client would make it. */
export function call<T = unknown>(
  server: TestServer,
  path: string,
  fields: Record<string, unknown> = {},
  options: ClientOptions = {},
): Promise<CallResponse<T>> {
  const times = options.times ?? serverClocks.get(server)?.() ?? Date.now();
  const signOptions = options.token ? { token: options.token, times } : { times };
  return post<T>(server, path, signedBody(fields, signOptions), options.lang ?? 'en', {
    'x-forwarded-for': options.ip ?? randomIp(),
  });
}

/** A new captcha; in tests every captcha accepts TEST_CAPTCHA_ANSWER. */
export async function captcha(server: TestServer, ip?: string): Promise<{ captchaId: string; captchaCode: string }> {
  const response = await call<{ captchaId: string }>(server, '/api/images/generate', {}, ip ? { ip } : {});
  if (response.status !== 200) throw new Error(`captcha failed: ${JSON.stringify(response.body)}`);
  return { captchaId: response.body.data.captchaId, captchaCode: TEST_CAPTCHA_ANSWER };
}

let counter = 0;
export function uniqueUsername(prefix = 'user'): string {
  counter += 1;
  return `${prefix}_${process.pid % 1000}_${counter}_${randomBytes(2).toString('hex')}`.slice(0, 20);
}

export interface RegisteredUser {
  token: string;
  user: UserProfile;
  username: string;
  password: string;
  payPassword: string;
  ip: string;
}

/** Registers through the API with the root invitation code (or `fields` overriding it). */
export async function registerUser(server: TestServer, fields: Record<string, unknown> = {}): Promise<RegisteredUser> {
  const ip = randomIp();
  const body = {
    username: uniqueUsername(),
    password: 'secret123',
    payPassword: '123456',
    inviteCode: TEST_ROOT_INVITE_CODE,
    lang: 'en',
    ...(await captcha(server, ip)),
    ...fields,
  };
  const response = await call<{ token: string; user: UserProfile }>(server, '/api/login/register', body, { ip });
  if (response.status !== 200) throw new Error(`register failed: ${JSON.stringify(response.body)}`);
  return {
    ...response.body.data,
    username: String(body.username),
    password: String(body.password),
    payPassword: String(body.payPassword),
    ip,
  };
}

/** An operator console call with a bearer token. */
export async function operatorCall<T = unknown>(
  server: TestServer,
  path: string,
  body: Record<string, unknown>,
  token?: string,
): Promise<CallResponse<T>> {
  return post<T>(server, path, body, 'en', {
    'x-forwarded-for': randomIp(),
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  });
}

export async function operatorToken(server: TestServer): Promise<string> {
  const response = await operatorCall<{ token: string }>(server, '/admin/api/login', TEST_OPERATOR);
  if (response.status !== 200) throw new Error(`operator login failed: ${JSON.stringify(response.body)}`);
  return response.body.data.token;
}

/** A test server, started by `start`, and the test operator's token on it. */
export async function startWithOperator<S extends TestServer>(start: () => Promise<S>): Promise<{ server: S; token: string }> {
  const server = await start();
  return { server, token: await operatorToken(server) };
}

/** The latest outbox message sent to a target (codes arrive there when no SMTP server is set). */
export async function latestOutboxCode(server: TestServer, target: string): Promise<string> {
  const row = await server.database.db
    .selectFrom('outbox')
    .select('body')
    .where('target', '=', target)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  const code = row.body.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no code in outbox message: ${row.body}`);
  return code;
}

/** Asks for a registration code for `contact` (answered from the outbox) and registers with it. */
export async function registerWithContact(
  server: TestServer,
  contact: string,
  fields: Record<string, unknown> = {},
): Promise<RegisteredUser> {
  const sent = await call(server, '/api/login/sendRegister', { target: contact, ...(await captcha(server)) });
  if (sent.status !== 200) throw new Error(`sendRegister failed: ${JSON.stringify(sent.body)}`);
  const contactCode = await latestOutboxCode(server, contact);
  return registerUser(server, { contact, contactCode, ...fields });
}

/** A six-digit code that is surely not `code`. */
export function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}
