import { randomBytes } from 'node:crypto';
import { CALLS, OPERATOR_CALLS, type CallBody, type UserProfile, type register } from '@wallet/contract';
import { TEST_CAPTCHA_ANSWER, TEST_OPERATOR, TEST_ROOT_INVITE_CODE, startTestServer, type TestServer } from './test-server.js';
import { callAs, operatorCallAs, randomIp, signWithClock } from './typed-call.js';

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

export type ClockedServer = TestServer & { clock: ManualClock };

/** A test server on a manual clock; calls to it sign with its time, so moving the clock never makes them stale. */
export async function startClockedServer(env: Record<string, string> = {}, clock = manualClock()): Promise<ClockedServer> {
  const server: ClockedServer = { ...(await startTestServer(env, clock.now)), clock };
  signWithClock(server, clock.now);
  return server;
}

/** A new captcha; in tests every captcha accepts TEST_CAPTCHA_ANSWER. */
export async function captcha(server: TestServer, ip?: string): Promise<{ captchaId: string; captchaCode: string }> {
  const response = await callAs(server, null, CALLS.generateCaptcha, {}, ip ? { ip } : {});
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
export async function registerUser(server: TestServer, fields: Partial<CallBody<typeof register>> = {}): Promise<RegisteredUser> {
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
  const response = await callAs(server, null, CALLS.register, body, { ip });
  if (response.status !== 200) throw new Error(`register failed: ${JSON.stringify(response.body)}`);
  return {
    ...response.body.data,
    username: body.username,
    password: body.password,
    payPassword: body.payPassword,
    ip,
  };
}

export async function operatorToken(server: TestServer): Promise<string> {
  const response = await operatorCallAs(server, undefined, OPERATOR_CALLS.login, TEST_OPERATOR);
  if (response.status !== 200) throw new Error(`operator login failed: ${JSON.stringify(response.body)}`);
  return response.body.data.token;
}

/** The operator's token on a server whose clock tests move: signed in again once an hour has passed, well inside the session's life. */
export function operatorOnClock(server: ClockedServer): () => Promise<string> {
  let bearer: { token: Promise<string>; at: number } | undefined;
  return () => {
    const now = server.clock.now();
    if (!bearer || now - bearer.at > 60 * 60 * 1000) bearer = { token: operatorToken(server), at: now };
    return bearer.token;
  };
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
  fields: Partial<CallBody<typeof register>> = {},
): Promise<RegisteredUser> {
  const sent = await callAs(server, null, CALLS.sendRegisterCode, { target: contact, ...(await captcha(server)) });
  if (sent.status !== 200) throw new Error(`sendRegister failed: ${JSON.stringify(sent.body)}`);
  const contactCode = await latestOutboxCode(server, contact);
  return registerUser(server, { contact, contactCode, ...fields });
}

/** A six-digit code that is surely not `code`. */
export function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}
