import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { ALL_CALLS, type CallBody, type CallDefinition, type CallRef, type CallResult, type ErrorData, type Reason } from '@wallet/contract';
import { post, signedBody, type CallResponse, type TestServer } from './test-server.js';

/**
 * The tests' client. Calls are named by the contract (`callAs`,
 * `operatorCallAs`); `call` and `operatorCall` send any body, for the tests
 * of what the contract refuses.
 */

export interface ClientOptions {
  token?: string;
  /** The client's address, sent as X-Forwarded-For (test servers trust it). */
  ip?: string;
  lang?: string;
  /** The client's clock; by default the server's client clock (see `signWithClock`), else real time. */
  times?: number;
}

const clientClocks = new WeakMap<Pick<TestServer, 'baseUrl'>, () => number>();

/** Calls to `server` sign with `now` (a server on a manual clock), so moving that clock never makes them stale. */
export function signWithClock(server: Pick<TestServer, 'baseUrl'>, now: () => number): void {
  clientClocks.set(server, now);
}

/** A fresh address per caller, so per-IP limits of one test do not touch another's. */
export function randomIp(): string {
  const [a, b, c] = randomBytes(3);
  return `10.${a}.${b}.${c}`;
}

/** A signed app call with any fields, as a client would make it. */
export function call(server: TestServer, path: string, fields: Record<string, unknown> = {}, options: ClientOptions = {}): Promise<CallResponse> {
  const times = options.times ?? clientClocks.get(server)?.() ?? Date.now();
  const signOptions = options.token ? { token: options.token, times } : { times };
  return post(server, path, signedBody(fields, signOptions), options.lang ?? 'en', {
    'x-forwarded-for': options.ip ?? randomIp(),
  });
}

export interface OperatorOptions {
  /** The console's address, sent as X-Forwarded-For; a fresh one when not given. */
  ip?: string;
}

/** An operator console call with any body, with a bearer token. */
export function operatorCall(
  server: TestServer,
  path: string,
  body: Record<string, unknown>,
  token?: string,
  options: OperatorOptions = {},
): Promise<CallResponse> {
  return post(server, path, body, 'en', {
    'x-forwarded-for': options.ip ?? randomIp(),
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  });
}

/** Who makes an app call: a signed-in user (token, and the address it calls from, else a fresh one), or nobody (`null`). */
export type Caller = { token: string; ip?: string } | null;

const DEFINITIONS = new Map(ALL_CALLS.map((definition) => [definition.path, definition]));

/** A successful answer must be what the contract says the call returns: drift between the two fails the test here. */
async function checkedAgainstContract<C extends CallDefinition>(path: string, answer: Promise<CallResponse<unknown>>): Promise<CallResponse<CallResult<C>>> {
  const response = await answer;
  const definition = DEFINITIONS.get(path as CallDefinition['path']);
  if (!definition) throw new Error(`no call ${path} in the contract`);
  if (response.status === 200) {
    const checked = definition.result.safeParse(response.body.data);
    if (!checked.success) throw new Error(`${path} answered outside its contract: ${checked.error.message}\n${JSON.stringify(response.body.data)}`);
  }
  return response as CallResponse<CallResult<C>>;
}

/**
 * An app call named by the contract (`CALLS.x`): the body is checked
 * against the call's input type and the answer typed as its result.
 */
export function callAs<C extends CallDefinition>(
  server: TestServer,
  caller: Caller,
  ref: CallRef<C>,
  body: CallBody<C>,
  options: Omit<ClientOptions, 'token'> = {},
): Promise<CallResponse<CallResult<C>>> {
  const who = caller ? { token: caller.token, ...(caller.ip ? { ip: caller.ip } : {}) } : {};
  return checkedAgainstContract<C>(ref.path, call(server, ref.path, body as Record<string, unknown>, { ...who, ...options }));
}

/** An operator call named by the contract (`OPERATOR_CALLS.x`), with the operator's bearer token, or none; its answer checked the same way. */
export function operatorCallAs<C extends CallDefinition>(
  server: TestServer,
  token: string | undefined,
  ref: CallRef<C>,
  body: CallBody<C>,
  options: OperatorOptions = {},
): Promise<CallResponse<CallResult<C>>> {
  return checkedAgainstContract<C>(ref.path, operatorCall(server, ref.path, body as Record<string, unknown>, token, options));
}

/** What a refused call carries. */
export const errorOf = (response: CallResponse<unknown>) => response.body.data as ErrorData;

/** The refusal reason of an answer, or undefined for a success. */
export function reasonOf(response: CallResponse<unknown>): Reason | undefined {
  return response.status === 200 ? undefined : errorOf(response).reason;
}

/** A refusal: the status, the same code in the envelope, and the reason. */
export function expectRefusal(response: { status: number; body: { code: number; data: unknown } }, status: number, reason: Reason): void {
  expect(response.status).toBe(status);
  expect(response.body.code).toBe(status);
  expect((response.body.data as ErrorData).reason).toBe(reason);
}
