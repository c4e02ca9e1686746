import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, OPERATOR_CALLS, formatMoney } from '@wallet/contract';
import { registerUser } from '../testing/accounts.js';
import { assetsOf, requestRecharge, review, verifyLedger, withdraw, startWithOpenChannel, allowLargeAdjustments } from '../testing/money.js';
import { userIdOf } from '../testing/money-load.js';
import { startTestServer, type TestServer } from '../testing/test-server.js';
import { callAs, expectRefusal, operatorCallAs } from '../testing/typed-call.js';
import { newOrderNo } from './order-numbers.js';
import { ACCOUNT_CEILING, HOUSE_ACCOUNT_BOUND } from './accounts.js';
import { moneyTransaction } from './money-transaction.js';
import { MOVEMENTS } from './movements.js';
import { postTransfer } from './transfer.js';

/*
 * Balances have a ceiling far below the 2^53 cents where numbers stop being
 * exact: a credit past it is refused with 422 BALANCE_LIMIT, and nothing moves.
 */

let server: TestServer;
let token: string;
beforeAll(async () => {
  ({ server, token } = await startWithOpenChannel(startTestServer));
  await allowLargeAdjustments(server);
});
afterAll(async () => server.close());

/** Puts `cents` on a user's balance the way an operator's adjustment would, past the per-call amount limit. */
const SETUP_OPERATOR = 'ceiling-setup';

/** By an operator of its own, two days back, so the user's adjustments of the day (four eyes counts them) start from nothing. */
async function creditDirectly(userId: string, cents: number): Promise<void> {
  const twoDaysAgo = Date.now() - 2 * 24 * 60 * 60 * 1000;
  await server.database.db
    .insertInto('operators')
    .values({ id: SETUP_OPERATOR, username: SETUP_OPERATOR, username_key: SETUP_OPERATOR, password_hash: 'not-for-login', created_at: Date.now(), role: 'finance', disabled: 1 })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await moneyTransaction(server.database.db, (trx) =>
    postTransfer(
      trx,
      { kind: 'adjustment', userId, reference: newOrderNo('adjustment', twoDaysAgo), memo: 'Near the ceiling', operatorId: SETUP_OPERATOR, postings: MOVEMENTS.adjustment(userId, 'available', cents) },
      twoDaysAgo,
    ),
  );
}

async function userNearCeiling(roomCents: number) {
  const user = await registerUser(server);
  const userId = await userIdOf(server, token, user);
  await creditDirectly(userId, ACCOUNT_CEILING - roomCents);
  return { user, userId };
}

/** Each an action of its own: without a requestId the same fields soon after are a retry. */
const adjust = (userId: string, amount: string) =>
  operatorCallAs(server, token, OPERATOR_CALLS.adjustUser, { userId, account: 'available', amount, reason: 'Correction', requestId: randomUUID() });

describe('the balance ceiling', () => {
  it('refuses an adjustment past it with 422 BALANCE_LIMIT, moves nothing, and still allows one up to it', async () => {
    const { user, userId } = await userNearCeiling(100);
    const before = await assetsOf(server, user);
    expect(before.balance).toBe(formatMoney(ACCOUNT_CEILING - 100));

    expectRefusal(await adjust(userId, '1.01'), 422, 'BALANCE_LIMIT');
    expectRefusal(await adjust(userId, '10000000000.00'), 422, 'BALANCE_LIMIT');
    expect(await assetsOf(server, user)).toEqual(before);

    const upTo = await adjust(userId, '1.00');
    expect(upTo.status).toBe(200);
    expect(upTo.body.data.balance).toBe(formatMoney(ACCOUNT_CEILING));
    expect((await verifyLedger(server, token)).problems).toEqual([]);
  });

  it('answers in the caller language, with a clear message', async () => {
    const { userId } = await userNearCeiling(0);
    const answer = await adjust(userId, '0.01');
    expectRefusal(answer, 422, 'BALANCE_LIMIT');
    expect(answer.body.mess).toMatch(/largest balance/);
  });

  it('refuses to approve a recharge that would pass it; the recharge stays under review', async () => {
    const { user } = await userNearCeiling(500);
    const recharge = await requestRecharge(server, user, '10.00');
    expect(recharge.status).toBe(200);

    expectRefusal(await review(server, token, 'recharges', recharge.body.data.orderNo, true), 422, 'BALANCE_LIMIT');
    const record = await callAs(server, user, CALLS.rechargeDetail, { orderNo: recharge.body.data.orderNo });
    expect(record.body.data.status).toBe('review');
    expect((await assetsOf(server, user)).balance).toBe(formatMoney(ACCOUNT_CEILING - 500));

    // Refusing it still works: a refusal moves no money.
    expect((await review(server, token, 'recharges', recharge.body.data.orderNo, false, 'Too large')).status).toBe(200);
    expect((await verifyLedger(server, token)).problems).toEqual([]);
  });

  it('never lets parallel credits step over it together', async () => {
    const { user, userId } = await userNearCeiling(10_00);
    const answers = await Promise.all(Array.from({ length: 20 }, () => adjust(userId, '1.00')));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    for (const refused of answers.filter((a) => a.status !== 200)) expectRefusal(refused, 422, 'BALANCE_LIMIT');
    expect((await assetsOf(server, user)).balance).toBe(formatMoney(ACCOUNT_CEILING));
    expect((await verifyLedger(server, token)).problems).toEqual([]);
  });

  it('never blocks refusing a withdrawal: the money only goes back from the frozen funds', async () => {
    const user = await registerUser(server);
    const userId = await userIdOf(server, token, user);
    await creditDirectly(userId, 100_00);
    const withdrawal = await withdraw(server, user, '50.00');
    expect(withdrawal.status).toBe(200);
    await creditDirectly(userId, ACCOUNT_CEILING - 50_00);
    expect((await assetsOf(server, user)).balance).toBe(formatMoney(ACCOUNT_CEILING));

    const refused = await review(server, token, 'withdrawals', withdrawal.body.data.orderNo, false, 'Card closed');
    expect(refused.status).toBe(200);
    expect(await assetsOf(server, user)).toMatchObject({ balance: formatMoney(ACCOUNT_CEILING + 50_00), freeze: '0.00' });
    // Nothing more comes in from outside past the ceiling.
    expectRefusal(await adjust(userId, '0.01'), 422, 'BALANCE_LIMIT');
    expect((await verifyLedger(server, token)).problems).toEqual([]);
  });

  it("keeps the house's accounts within the range where every cent is exact", async () => {
    const adjustments = await server.database.db.selectFrom('ledger_accounts').select('balance').where('id', '=', 'system:adjustments').executeTakeFirstOrThrow();
    // Credits come out of `adjustments`: fill users until it has 1.00 of room left.
    let room = Number(adjustments.balance) + HOUSE_ACCOUNT_BOUND - 100;
    while (room > 0) {
      const userId = await userIdOf(server, token, await registerUser(server));
      const cents = Math.min(room, ACCOUNT_CEILING);
      await creditDirectly(userId, cents);
      room -= cents;
    }
    const last = await userIdOf(server, token, await registerUser(server));
    expect((await adjust(last, '1.00')).status).toBe(200);
    expectRefusal(await adjust(last, '0.01'), 422, 'BALANCE_LIMIT');
    expect((await verifyLedger(server, token)).problems).toEqual([]);
  });
});
