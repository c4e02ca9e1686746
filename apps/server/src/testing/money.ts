import { randomUUID } from 'node:crypto';
import { call, operatorCall, type RegisteredUser } from './accounts.js';
import type { CallResponse, TestServer } from './test-server.js';

/** The channel every fresh server starts with (PRODUCT §11). */
export const FIRST_CHANNEL_ID = 'bank-transfer';

/** That channel as the console's settings show it after a first start: closed, with no payment details. */
export const FIRST_START_CHANNEL = {
  id: FIRST_CHANNEL_ID,
  name: 'Bank transfer',
  kind: 'bank' as const,
  details: [] as { label: string; value: string }[],
  minAmount: '10.00',
  maxAmount: '50000.00',
  randomDecimal: true,
  enabled: false,
};

/** The same channel once an operator has entered its payment details (made up for tests) and opened it. */
export const TEST_CHANNEL = {
  ...FIRST_START_CHANNEL,
  details: [
    { label: 'Account name', value: 'Test Payee Ltd' },
    { label: 'Bank', value: 'Test Bank' },
    { label: 'Account number', value: '6222 0000 0000 0001' },
  ],
  enabled: true,
};

/** Opens the first-start channel with TEST_CHANNEL's details through the operator's settings call; other channels stay. */
export async function openTestChannel(server: TestServer, operatorToken: string): Promise<void> {
  const current = await operatorCall<{ rechargeChannels: { id: string }[] }>(server, '/admin/api/settings', {}, operatorToken);
  if (current.status !== 200) throw new Error(`settings failed: ${JSON.stringify(current.body)}`);
  const others = current.body.data.rechargeChannels.filter((channel) => channel.id !== FIRST_CHANNEL_ID);
  const saved = await operatorCall(server, '/admin/api/settings/save', { rechargeChannels: [TEST_CHANNEL, ...others] }, operatorToken);
  if (saved.status !== 200) throw new Error(`opening the test channel failed: ${JSON.stringify(saved.body)}`);
}

export interface RechargeAnswer {
  orderNo: string;
  amount: string;
  payAmount: string;
  status: string;
}

export interface LedgerReport {
  ok: boolean;
  transfers: number;
  accounts: number;
  entries: number;
  problems: { check: string; subject: string; detail: string }[];
}

export function requestRecharge(server: TestServer, user: RegisteredUser, amount: string, fields: Record<string, unknown> = {}) {
  return call<RechargeAnswer>(
    server,
    '/api/money/recharge',
    { channelId: FIRST_CHANNEL_ID, amount, requestId: randomUUID(), ...fields },
    { token: user.token, ip: user.ip },
  );
}

export function review(server: TestServer, operatorToken: string, kind: 'recharges' | 'withdrawals', orderNo: string, approve: boolean, remark = '') {
  return operatorCall<Record<string, unknown>>(server, `/admin/api/${kind}/review`, { orderNo, approve, remark }, operatorToken);
}

/** Recharges through the API and has the operator approve it; answers the credited amount (amount + the random tenth). */
export async function fund(server: TestServer, operatorToken: string, user: RegisteredUser, amount: string): Promise<RechargeAnswer> {
  const recharge = await requestRecharge(server, user, amount);
  if (recharge.status !== 200) throw new Error(`recharge failed: ${JSON.stringify(recharge.body)}`);
  const approved = await review(server, operatorToken, 'recharges', recharge.body.data.orderNo, true);
  if (approved.status !== 200) throw new Error(`approval failed: ${JSON.stringify(approved.body)}`);
  return recharge.body.data;
}

export function withdraw(server: TestServer, user: RegisteredUser, amount: string, fields: Record<string, unknown> = {}) {
  return call<Record<string, string>>(
    server,
    '/api/money/withdraw',
    {
      name: 'Test Person',
      bankName: 'Test Bank',
      cardNo: '6222 0000 1111 2222',
      address: 'Test Street 1',
      amount,
      payPassword: user.payPassword,
      requestId: randomUUID(),
      ...fields,
    },
    { token: user.token, ip: user.ip },
  );
}

export async function assetsOf(server: TestServer, user: RegisteredUser) {
  const response = await call<{ balance: string; freeze: string; coin: number; totals: Record<string, string> }>(
    server,
    '/api/user/assets',
    {},
    { token: user.token, ip: user.ip },
  );
  if (response.status !== 200) throw new Error(`assets failed: ${JSON.stringify(response.body)}`);
  return response.body.data;
}

export async function verifyLedger(server: TestServer, operatorToken: string): Promise<LedgerReport> {
  const response: CallResponse<LedgerReport> = await operatorCall<LedgerReport>(server, '/admin/api/ledger/verify', {}, operatorToken);
  if (response.status !== 200) throw new Error(`verify failed: ${JSON.stringify(response.body)}`);
  return response.body.data;
}
