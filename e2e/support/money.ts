import { randomInt, randomUUID } from 'node:crypto';
import { formatAmount, type Envelope } from '@wallet/contract/core';
import { appCall } from './api';
import type { OperatorClient } from './fixtures';
import { E2E_BASE_URL } from './server';
import { E2E_CHANNEL } from './settings';

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
 * A whole amount from `from` up to 1000 more. On a random-decimal channel each
 * amount has only nine payable variants among all recharges under review, so
 * tests that leave recharges waiting spread their amounts.
 */
export function amountFrom(from: number): string {
  return String(from + randomInt(1000));
}

/** A recharge on E2E_CHANNEL, which the test has opened (`openRechargeChannel`). */
export async function recharge(token: string, amount: string, baseUrl = E2E_BASE_URL): Promise<Recharge> {
  return ok(await appCall<Recharge>('/api/money/recharge', { channelId: E2E_CHANNEL.id, amount, requestId: randomUUID() }, token, baseUrl), 'recharge');
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
export async function fundedBy(token: string, operator: OperatorClient, amount: string, baseUrl = E2E_BASE_URL): Promise<Recharge> {
  const created = await recharge(token, amount, baseUrl);
  await operator.call('/admin/api/recharges/review', { orderNo: created.orderNo, approve: true });
  return created;
}

/** An amount as the app shows it to a reader of `lang`, in the first start's currency (USD, "$"). */
export const shownAmount = (amount: string, lang = 'en'): string => formatAmount(amount, lang, { code: 'USD', symbol: '$' });
