import { randomUUID } from 'node:crypto';
import { call, operatorCall, registerUser, type RegisteredUser } from './accounts.js';
import type { CallResponse, TestServer } from './test-server.js';

/** The channel every fresh server starts with (PRODUCT §11). */
export const FIRST_CHANNEL_ID = 'bank-transfer';

/** That channel as the console's settings show it. */
export const FIRST_CHANNEL = {
  id: FIRST_CHANNEL_ID,
  name: 'Bank transfer',
  kind: 'bank',
  details: [
    { label: 'Account name', value: 'Wallet Ltd' },
    { label: 'Bank', value: 'Set the bank in the console' },
    { label: 'Account number', value: '0000 0000 0000 0000' },
  ],
  minAmount: '10.00',
  maxAmount: '50000.00',
  randomDecimal: true,
  enabled: true,
};

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

/** A new user with money on the balance. */
export async function fundedUser(server: TestServer, operatorToken: string, amount: string): Promise<RegisteredUser & { balance: string }> {
  const user = await registerUser(server);
  const funded = await fund(server, operatorToken, user, amount);
  return { ...user, balance: funded.payAmount };
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
