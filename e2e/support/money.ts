import { randomInt, randomUUID } from 'node:crypto';
import type { Envelope } from '@wallet/contract/core';
import { appCall } from './api';
import { E2E_BASE_URL, E2E_OPERATOR } from './server';

export interface Recharge {
  orderNo: string;
  amount: string;
  payAmount: string;
  status: string;
}

export interface Withdrawal {
  orderNo: string;
  amount: string;
  fee: string;
  status: string;
}

function ok<T>(envelope: Envelope<T>, what: string): T {
  if (envelope.code !== 200) throw new Error(`${what} failed: ${envelope.code} ${envelope.mess}`);
  return envelope.data;
}

/**
 * The operator, signed in once: the server takes 10 operator sign-ins a
 * minute from one address, and a test that reviews several records would
 * otherwise spend one on each.
 */
export async function signInOperator() {
  const login = await fetch(`${E2E_BASE_URL}/admin/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(E2E_OPERATOR),
  });
  const { token } = ok((await login.json()) as Envelope<{ token: string }>, 'operator sign-in');

  async function call<T>(path: string, body: Record<string, unknown>): Promise<T> {
    const response = await fetch(`${E2E_BASE_URL}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    return ok((await response.json()) as Envelope<T>, path);
  }

  return {
    reviewRecharge: (orderNo: string, approve: boolean, remark = '') =>
      call<Recharge>('/admin/api/recharges/review', { orderNo, approve, remark }),
    reviewWithdrawal: (orderNo: string, approve: boolean, remark = '') =>
      call<Withdrawal>('/admin/api/withdrawals/review', { orderNo, approve, remark }),
  };
}

export type Operator = Awaited<ReturnType<typeof signInOperator>>;

/** The first open recharge channel (a fresh server has one, "Bank transfer", with a random decimal). */
export async function firstChannel(token: string): Promise<{ id: string; name: string }> {
  const channels = ok(await appCall<{ id: string; name: string }[]>('/api/money/channels', {}, token), 'channels');
  if (!channels[0]) throw new Error('no recharge channel');
  return channels[0];
}

/**
 * A whole amount from `from` up to 1000 more. On a random-decimal channel each
 * amount has only nine payable variants among all recharges under review, so
 * tests that leave recharges waiting spread their amounts.
 */
export function amountFrom(from: number): string {
  return String(from + randomInt(1000));
}

export async function recharge(token: string, amount: string): Promise<Recharge> {
  const channel = await firstChannel(token);
  return ok(await appCall<Recharge>('/api/money/recharge', { channelId: channel.id, amount, requestId: randomUUID() }, token), 'recharge');
}

export interface WithdrawalFields {
  name: string;
  bankName: string;
  cardNo: string;
  address: string;
  amount: string;
  payPassword: string;
}

export async function withdraw(token: string, fields: WithdrawalFields): Promise<Withdrawal> {
  return ok(await appCall<Withdrawal>('/api/money/withdraw', { ...fields, requestId: randomUUID() }, token), 'withdraw');
}

/** A recharge the operator has approved: the account has its payAmount to spend. */
export async function fundedBy(token: string, operator: Operator, amount: string): Promise<Recharge> {
  const created = await recharge(token, amount);
  await operator.reviewRecharge(created.orderNo, true);
  return created;
}
