import { randomBytes } from 'node:crypto';
import { generate } from 'otplib';
import { OPERATOR_CALLS, type OperatorRole } from '@wallet/contract';
import type { TestServer } from './test-server.js';
import { operatorCallAs } from './typed-call.js';

export interface TestOperator {
  id: string;
  username: string;
  password: string;
  role: OperatorRole;
  token: string;
}

/** An operator of `role`, made by the admin whose token is given, and signed in. */
export async function operatorWithRole(server: TestServer, adminToken: string, role: OperatorRole): Promise<TestOperator> {
  const username = `op_${role.slice(0, 3)}${randomBytes(4).toString('hex')}`;
  const password = `pass-${randomBytes(8).toString('hex')}`;
  const saved = await operatorCallAs(server, adminToken, OPERATOR_CALLS.saveOperator, { username, password, role });
  if (saved.status !== 200) throw new Error(`saving an operator failed: ${JSON.stringify(saved.body)}`);
  const login = await operatorCallAs(server, undefined, OPERATOR_CALLS.login, { username, password });
  if (login.status !== 200) throw new Error(`operator login failed: ${JSON.stringify(login.body)}`);
  return { id: saved.body.data.id, username, password, role, token: login.body.data.token };
}

/** A new session for an operator made earlier: one lives 8 hours, so a test that moves the clock a day signs in again. */
export async function signInAgain(server: TestServer, operator: TestOperator): Promise<TestOperator> {
  const login = await operatorCallAs(server, undefined, OPERATOR_CALLS.login, { username: operator.username, password: operator.password });
  if (login.status !== 200) throw new Error(`operator login failed: ${JSON.stringify(login.body)}`);
  return { ...operator, token: login.body.data.token };
}

/** The code an authenticator app shows for `secret` at `at`. */
export function totpCode(secret: string, at: number): Promise<string> {
  return generate({ secret, epoch: Math.floor(at / 1000) });
}

/** Turns TOTP on for the operator whose token is given; answers the secret. */
export async function enableTotp(server: TestServer, token: string, at: number): Promise<string> {
  const setup = await operatorCallAs(server, token, OPERATOR_CALLS.totpSetup, {});
  if (setup.status !== 200) throw new Error(`TOTP setup failed: ${JSON.stringify(setup.body)}`);
  const enabled = await operatorCallAs(server, token, OPERATOR_CALLS.totpEnable, { code: await totpCode(setup.body.data.secret, at) });
  if (enabled.status !== 200) throw new Error(`TOTP enable failed: ${JSON.stringify(enabled.body)}`);
  return setup.body.data.secret;
}
