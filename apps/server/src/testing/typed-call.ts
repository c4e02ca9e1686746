import type { CallBody, CallDefinition, CallRef, CallResult } from '@wallet/contract';
import { call, operatorCall, type ClientOptions } from './accounts.js';
import type { CallResponse, TestServer } from './test-server.js';

/** Who makes an app call: a signed-in user (token and address), or nobody (`null`). */
export type Caller = { token: string; ip: string } | null;

/**
 * An app call named by the contract (`CALLS.x`): the body is checked
 * against the call's input type and the answer typed as its result.
 */
export function callAs<C extends CallDefinition>(
  server: TestServer,
  caller: Caller,
  ref: CallRef<C>,
  body: CallBody<C>,
  options: Omit<ClientOptions, 'token' | 'ip'> = {},
): Promise<CallResponse<CallResult<C>>> {
  const who = caller ? { token: caller.token, ip: caller.ip } : {};
  return call<CallResult<C>>(server, ref.path, body as Record<string, unknown>, { ...options, ...who });
}

/** An operator call named by the contract (`OPERATOR_CALLS.x`), with the operator's bearer token. */
export function operatorCallAs<C extends CallDefinition>(
  server: TestServer,
  token: string,
  ref: CallRef<C>,
  body: CallBody<C>,
): Promise<CallResponse<CallResult<C>>> {
  return operatorCall<CallResult<C>>(server, ref.path, body as Record<string, unknown>, token);
}
