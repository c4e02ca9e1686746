import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, OPERATOR_CALLS, formatMoney } from '@wallet/contract';
import { registerUser, startWithOperator } from '../testing/accounts.js';
import { assetsOf, openTestChannel, requestRecharge, review, verifyLedger } from '../testing/money.js';
import { expectRefusal, userIdOf } from '../testing/money-load.js';
import { startTestServer, type TestServer } from '../testing/test-server.js';
import { callAs, operatorCallAs } from '../testing/typed-call.js';
import { ACCOUNT_CEILING } from './accounts.js';
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
  ({ server, token } = await startWithOperator(startTestServer));
  await openTestChannel(server, token);
});
afterAll(async () => server.close());

/** Puts `cents` on a user's balance the way an operator's adjustment would, past the per-call amount limit. */
async function creditDirectly(userId: string, cents: number): Promise<void> {
  const operator = await server.database.db.selectFrom('operators').select('id').executeTakeFirstOrThrow();
  await moneyTransaction(server.database.db, (trx) =>
    postTransfer(
      trx,
      { kind: 'adjustment', userId, reference: `ACEIL${userId.slice(0, 8)}`, memo: 'Near the ceiling', operatorId: operator.id, postings: MOVEMENTS.adjustment(userId, 'available', cents) },
      Date.now(),
    ),
  );
}

async function userNearCeiling(roomCents: number) {
  const user = await registerUser(server);
  const userId = await userIdOf(server, token, user);
  await creditDirectly(userId, ACCOUNT_CEILING - roomCents);
  return { user, userId };
}

const adjust = (userId: string, amount: string) =>
  operatorCallAs(server, token, OPERATOR_CALLS.adjustUser, { userId, account: 'available', amount, reason: 'Correction' });

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
});
