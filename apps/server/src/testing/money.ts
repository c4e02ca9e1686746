import { randomUUID } from 'node:crypto';
import {
  CALLS,
  MAX_MONEY_CENTS,
  OPERATOR_CALLS,
  type CallBody,
  type CallResult,
  type createRecharge,
  type createWithdrawal,
  type reviewRecharge,
  type reviewWithdrawal,
} from '@wallet/contract';
import { startWithOperator, type RegisteredUser } from './accounts.js';
import type { CallResponse, TestServer } from './test-server.js';
import { callAs, operatorCallAs } from './typed-call.js';

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

/** A channel without the random tenth: what is asked is what is paid, and no per-user cap on recharges under review. */
export const PLAIN_CHANNEL = {
  id: 'plain-transfer',
  name: 'Plain transfer',
  kind: 'bank' as const,
  details: [{ label: 'Account number', value: '6222 0000 0000 0002' }],
  minAmount: '1.00',
  maxAmount: '50000.00',
  randomDecimal: false,
  enabled: true,
};

/** Adds PLAIN_CHANNEL beside the channels there are. */
export async function openPlainChannel(server: TestServer, operatorToken: string): Promise<void> {
  const current = await operatorCallAs(server, operatorToken, OPERATOR_CALLS.settings, {});
  if (current.status !== 200) throw new Error(`settings failed: ${JSON.stringify(current.body)}`);
  const others = current.body.data.rechargeChannels.filter((channel) => channel.id !== PLAIN_CHANNEL.id);
  const saved = await operatorCallAs(server, operatorToken, OPERATOR_CALLS.saveSettings, { rechargeChannels: [...others, PLAIN_CHANNEL] });
  if (saved.status !== 200) throw new Error(`opening the plain channel failed: ${JSON.stringify(saved.body)}`);
}

/** Opens the first-start channel with TEST_CHANNEL's details through the operator's settings call; other channels stay. */
export async function openTestChannel(server: TestServer, operatorToken: string): Promise<void> {
  const current = await operatorCallAs(server, operatorToken, OPERATOR_CALLS.settings, {});
  if (current.status !== 200) throw new Error(`settings failed: ${JSON.stringify(current.body)}`);
  const others = current.body.data.rechargeChannels.filter((channel) => channel.id !== FIRST_CHANNEL_ID);
  const saved = await operatorCallAs(server, operatorToken, OPERATOR_CALLS.saveSettings, { rechargeChannels: [TEST_CHANNEL, ...others] });
  if (saved.status !== 200) throw new Error(`opening the test channel failed: ${JSON.stringify(saved.body)}`);
}

/** A test server, its operator's token, and the test channel open: where every money test starts. */
export async function startWithOpenChannel<S extends TestServer>(start: () => Promise<S>): Promise<{ server: S; token: string }> {
  const started = await startWithOperator(start);
  await openTestChannel(started.server, started.token);
  return started;
}

export function requestRecharge(server: TestServer, user: RegisteredUser, amount: string, fields: Partial<CallBody<typeof createRecharge>> = {}) {
  return callAs(server, user, CALLS.createRecharge, { channelId: FIRST_CHANNEL_ID, amount, requestId: randomUUID(), ...fields });
}

type ReviewCalls = { recharges: typeof reviewRecharge; withdrawals: typeof reviewWithdrawal };

export function review<K extends keyof ReviewCalls>(
  server: TestServer,
  operatorToken: string,
  kind: K,
  orderNo: string,
  approve: boolean,
  remark = '',
): Promise<CallResponse<CallResult<ReviewCalls[K]>>> {
  const body = { orderNo, approve, remark };
  const answer = kind === 'recharges'
    ? operatorCallAs(server, operatorToken, OPERATOR_CALLS.reviewRecharge, body)
    : operatorCallAs(server, operatorToken, OPERATOR_CALLS.reviewWithdrawal, body);
  return answer as Promise<CallResponse<CallResult<ReviewCalls[K]>>>;
}

/** Recharges through the API and has the operator approve it; answers the credited amount (amount + the random tenth). */
export async function fund(server: TestServer, operatorToken: string, user: RegisteredUser, amount: string): Promise<CallResult<typeof createRecharge>> {
  const recharge = await requestRecharge(server, user, amount);
  if (recharge.status !== 200) throw new Error(`recharge failed: ${JSON.stringify(recharge.body)}`);
  const approved = await review(server, operatorToken, 'recharges', recharge.body.data.orderNo, true);
  if (approved.status !== 200) throw new Error(`approval failed: ${JSON.stringify(approved.body)}`);
  return recharge.body.data;
}

export function withdraw(server: TestServer, user: RegisteredUser, amount: string, fields: Partial<CallBody<typeof createWithdrawal>> = {}) {
  return callAs(server, user, CALLS.createWithdrawal, {
    name: 'Test Person',
    bankName: 'Test Bank',
    cardNo: '6222 0000 1111 2222',
    address: 'Test Street 1',
    amount,
    payPassword: user.payPassword,
    requestId: randomUUID(),
    ...fields,
  });
}

export async function assetsOf(server: TestServer, user: RegisteredUser) {
  const response = await callAs(server, user, CALLS.userAssets, {});
  if (response.status !== 200) throw new Error(`assets failed: ${JSON.stringify(response.body)}`);
  return response.body.data;
}

export async function verifyLedger(server: TestServer, operatorToken: string) {
  const response = await operatorCallAs(server, operatorToken, OPERATOR_CALLS.verifyLedger, {});
  if (response.status !== 200) throw new Error(`verify failed: ${JSON.stringify(response.body)}`);
  return response.body.data;
}

/**
 * Lets the test's one operator adjust any amount at once: four eyes (PRODUCT §9)
 * has its own tests; elsewhere an adjustment is how a test puts money in place.
 * Set as an installation is set up, past the console: over it, a raise waits
 * for a second admin.
 */
export async function allowLargeAdjustments(server: TestServer): Promise<void> {
  await server.settings.save('adjustApprovalThreshold', MAX_MONEY_CENTS);
}
