import { expect } from 'vitest';
import { CALLS, OPERATOR_CALLS, type CallBody, type adjustUser, type register } from '@wallet/contract';
import { registerUser, type RegisteredUser } from './accounts.js';
import type { CallResponse, TestServer } from './test-server.js';
import { callAs, operatorCallAs } from './typed-call.js';

/** What a client reads of money: lists, records, statement entries and the console's audit. */

/** "12.34" → 1234, "-0.50" → -50: money text as cents, with no float in between. */
export function centsOf(text: string): number {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(text);
  if (!match) throw new Error(`not a money text: ${text}`);
  const cents = Number(match[2]) * 100 + Number(match[3]);
  return match[1] === '-' ? -cents : cents;
}

/** The user's id as the operator console shows it. */
export async function userIdOf(server: TestServer, operatorToken: string, user: RegisteredUser): Promise<string> {
  const response = await operatorCallAs(server, operatorToken, OPERATOR_CALLS.users, { q: user.username, pageSize: 50 });
  const found = response.body.data.items.find((item) => item.username === user.username);
  if (!found) throw new Error(`operator cannot find ${user.username}: ${JSON.stringify(response.body)}`);
  return found.id;
}

/** A new user, registered with `fields`, whose balance an operator has set to `amount` (left at nothing when it is zero). */
export async function userWithBalance(
  server: TestServer,
  operatorToken: string,
  amount: string,
  fields: Partial<CallBody<typeof register>> = {},
): Promise<RegisteredUser & { id: string }> {
  const user = await registerUser(server, fields);
  const id = await userIdOf(server, operatorToken, user);
  if (Number(amount) !== 0) {
    const opening = await adjust(server, operatorToken, { userId: id, account: 'available', amount, reason: 'Opening balance' });
    expect(opening.status, JSON.stringify(opening.body)).toBe(200);
  }
  return { ...user, id };
}

/** How many entries the operators' audit holds. */
export async function auditTotal(server: TestServer, operatorToken: string): Promise<number> {
  return (await operatorCallAs(server, operatorToken, OPERATOR_CALLS.audit, { pageSize: 1 })).body.data.total;
}

/** The newest `count` entries of the operators' audit, newest first. */
export async function latestAudit(server: TestServer, operatorToken: string, count: number) {
  const response = await operatorCallAs(server, operatorToken, OPERATOR_CALLS.audit, { pageSize: count });
  expect(response.status).toBe(200);
  return response.body.data.items;
}

async function allPages<T>(fetchPage: (page: number) => Promise<CallResponse<{ items: T[]; total: number }>>): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page += 1) {
    const response = await fetchPage(page);
    if (response.status !== 200) throw new Error(`list failed: ${JSON.stringify(response.body)}`);
    items.push(...response.body.data.items);
    if (items.length >= response.body.data.total || response.body.data.items.length === 0) return items;
  }
}

/** Every movement of the user's statement, newest first. */
export const statementItemsOf = (server: TestServer, user: RegisteredUser) =>
  allPages((page) => callAs(server, user, CALLS.userStatement, { page, pageSize: 50 }));

/** Every ledger entry of the user, newest movement first: the legs of each statement item. */
export async function statementOf(server: TestServer, user: RegisteredUser) {
  const items = await statementItemsOf(server, user);
  return items.flatMap(({ kind, reference, memo, createdAt, legs }) => legs.map((leg) => ({ ...leg, kind, reference, memo, createdAt })));
}
export const rechargesOf = (server: TestServer, user: RegisteredUser) => allPages((page) => callAs(server, user, CALLS.rechargeList, { page, pageSize: 50 }));
export const withdrawalsOf = (server: TestServer, user: RegisteredUser) => allPages((page) => callAs(server, user, CALLS.withdrawalList, { page, pageSize: 50 }));

/** An operator's balance or credit-point adjustment. */
export function adjust(server: TestServer, operatorToken: string, fields: CallBody<typeof adjustUser>) {
  return operatorCallAs(server, operatorToken, OPERATOR_CALLS.adjustUser, fields);
}

/** One recharge or withdrawal as the operator's list shows it. */
export async function operatorRecordOf(server: TestServer, operatorToken: string, kind: 'recharges' | 'withdrawals', orderNo: string) {
  const response = await (kind === 'recharges'
    ? operatorCallAs(server, operatorToken, OPERATOR_CALLS.recharges, { q: orderNo })
    : operatorCallAs(server, operatorToken, OPERATOR_CALLS.withdrawals, { q: orderNo }));
  if (response.status !== 200) throw new Error(`operator list failed: ${JSON.stringify(response.body)}`);
  return response.body.data.items.find((item) => item.orderNo === orderNo);
}
