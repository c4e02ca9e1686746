import { expect } from 'vitest';
import { call, operatorCall, registerUser, type RegisteredUser } from './accounts.js';
import { withdraw, type RechargeAnswer } from './money.js';
import type { CallResponse, TestServer } from './test-server.js';

/** What a client reads of money: lists, records, statement entries, refusals and the console's audit. */

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface ErrorData {
  reason: string;
  fields?: Record<string, string>;
  retryAfterSeconds?: number;
  attemptsLeft?: number;
}

export interface RechargeRecord extends RechargeAnswer {
  remark: string;
  voucher: string | null;
  createdAt: number;
  reviewedAt: number | null;
}

export interface WithdrawalRecord {
  orderNo: string;
  amount: string;
  fee: string;
  arrival: string;
  status: string;
  remark: string;
  cardNoMasked: string;
  createdAt: number;
  reviewedAt: number | null;
}

export interface StatementLeg {
  account: 'available' | 'frozen' | 'coin';
  amount: string;
  balanceAfter: string;
}

/** One movement of the statement: one transfer, its effect on the balance, freeze and credit points, and its legs. */
export interface StatementItem {
  id: string;
  kind: string;
  amount: string;
  balanceAfter: string;
  frozen: string;
  coin: number;
  reference: string;
  memo: string;
  createdAt: number;
  legs: StatementLeg[];
}

/** One ledger entry of the user: a leg, with what its movement says. */
export interface StatementEntry extends StatementLeg {
  kind: string;
  reference: string;
  memo: string;
  createdAt: number;
}

export interface AuditItem {
  id: string;
  operator: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  createdAt: number;
}

export interface AdjustmentAnswer {
  userId: string;
  account: 'available' | 'coin';
  amount: string;
  balance: string;
  transferId: string;
}

/** "12.34" → 1234, "-0.50" → -50: money text as cents, with no float in between. */
export function centsOf(text: string): number {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(text);
  if (!match) throw new Error(`not a money text: ${text}`);
  const cents = Number(match[2]) * 100 + Number(match[3]);
  return match[1] === '-' ? -cents : cents;
}

/** What a refused call carries. */
export const errorOf = (response: CallResponse<unknown>) => response.body.data as ErrorData;

/** `withdraw`, with its answer typed as the withdrawal record it is. */
export const requestWithdrawal = (...args: Parameters<typeof withdraw>) => withdraw(...args) as unknown as Promise<CallResponse<WithdrawalRecord>>;

/** A refusal: the status, the same code in the envelope, and the reason. */
export function expectRefusal(response: { status: number; body: { code: number; data: unknown } }, status: number, reason: string): void {
  expect(response.status).toBe(status);
  expect(response.body.code).toBe(status);
  expect((response.body.data as ErrorData).reason).toBe(reason);
}

/** The refusal reason of an answer, or undefined for a success. */
export function reasonOf(response: CallResponse<unknown>): string | undefined {
  return response.status === 200 ? undefined : errorOf(response).reason;
}

/** The user's id as the operator console shows it. */
export async function userIdOf(server: TestServer, operatorToken: string, user: RegisteredUser): Promise<string> {
  const response = await operatorCall<Page<{ id: string; username: string }>>(server, '/admin/api/users', { q: user.username, pageSize: 50 }, operatorToken);
  const found = response.body.data.items.find((item) => item.username === user.username);
  if (!found) throw new Error(`operator cannot find ${user.username}: ${JSON.stringify(response.body)}`);
  return found.id;
}

/** A new user, registered with `fields`, whose balance an operator has set to `amount` (left at nothing when it is zero). */
export async function userWithBalance(
  server: TestServer,
  operatorToken: string,
  amount: string,
  fields: Record<string, unknown> = {},
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
  return (await operatorCall<Page<AuditItem>>(server, '/admin/api/audit', { pageSize: 1 }, operatorToken)).body.data.total;
}

/** The newest `count` entries of the operators' audit, newest first. */
export async function latestAudit(server: TestServer, operatorToken: string, count: number): Promise<AuditItem[]> {
  const response = await operatorCall<Page<AuditItem>>(server, '/admin/api/audit', { pageSize: count }, operatorToken);
  expect(response.status).toBe(200);
  return response.body.data.items;
}

async function allPages<T>(fetchPage: (page: number) => Promise<CallResponse<Page<T>>>): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page += 1) {
    const response = await fetchPage(page);
    if (response.status !== 200) throw new Error(`list failed: ${JSON.stringify(response.body)}`);
    items.push(...response.body.data.items);
    if (items.length >= response.body.data.total || response.body.data.items.length === 0) return items;
  }
}

const userList = <T>(server: TestServer, user: RegisteredUser, path: string) =>
  allPages<T>((page) => call<Page<T>>(server, path, { page, pageSize: 50 }, { token: user.token, ip: user.ip }));

/** Every movement of the user's statement, newest first. */
export const statementItemsOf = (server: TestServer, user: RegisteredUser) => userList<StatementItem>(server, user, '/api/user/statement');

/** Every ledger entry of the user, newest movement first: the legs of each statement item. */
export async function statementOf(server: TestServer, user: RegisteredUser): Promise<StatementEntry[]> {
  const items = await statementItemsOf(server, user);
  return items.flatMap(({ kind, reference, memo, createdAt, legs }) => legs.map((leg) => ({ ...leg, kind, reference, memo, createdAt })));
}
export const rechargesOf = (server: TestServer, user: RegisteredUser) => userList<RechargeRecord>(server, user, '/api/money/recharge_list');
export const withdrawalsOf = (server: TestServer, user: RegisteredUser) => userList<WithdrawalRecord>(server, user, '/api/money/widht_list');

/** An operator's balance or credit-point adjustment. */
export function adjust(server: TestServer, operatorToken: string, fields: { userId: string; account: 'available' | 'coin'; amount: string; reason: string; requestId?: string }) {
  return operatorCall<AdjustmentAnswer>(server, '/admin/api/users/adjust', fields, operatorToken);
}

/** One recharge or withdrawal as the operator's list shows it. */
export async function operatorRecordOf(server: TestServer, operatorToken: string, kind: 'recharges' | 'withdrawals', orderNo: string) {
  const response = await operatorCall<Page<{ orderNo: string; status: string; userId: string; amount: string }>>(
    server,
    `/admin/api/${kind}`,
    { q: orderNo },
    operatorToken,
  );
  if (response.status !== 200) throw new Error(`operator list failed: ${JSON.stringify(response.body)}`);
  return response.body.data.items.find((item) => item.orderNo === orderNo);
}
