import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_CALLS } from '@wallet/contract';
import { operatorToken, registerUser, startClockedServer, type ClockedServer, type RegisteredUser } from '../../testing/accounts.js';
import { assetsOf, verifyLedger } from '../../testing/money.js';
import { userIdOf } from '../../testing/money-load.js';
import { operatorWithRole, type TestOperator } from '../../testing/operators.js';
import { expectRefusal, operatorCallAs } from '../../testing/typed-call.js';

/*
 * PRODUCT §9, four eyes: a balance adjustment above adjustApprovalThreshold
 * (1 000.00 at first start) is only proposed; a second admin or finance
 * operator approves it, exactly once, or rejects it.
 */

let server: ClockedServer;
let admin: string;
let finance: TestOperator;
let secondFinance: TestOperator;

beforeAll(async () => {
  server = await startClockedServer();
  admin = await operatorToken(server);
  [finance, secondFinance] = await Promise.all([operatorWithRole(server, admin, 'finance'), operatorWithRole(server, admin, 'finance')]);
});
afterAll(() => server.close());

async function adjust(token: string, user: RegisteredUser, amount: string, account: 'available' | 'coin' = 'available') {
  const userId = await userIdOf(server, admin, user);
  return operatorCallAs(server, token, OPERATOR_CALLS.adjustUser, { userId, account, amount, reason: 'Goodwill' });
}

async function proposal(user: RegisteredUser, amount: string) {
  const proposed = await adjust(finance.token, user, amount);
  expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
  expect(proposed.body.data).toMatchObject({ status: 'proposed', transferId: null, amount });
  return proposed.body.data.adjustmentId!;
}

describe('an adjustment', () => {
  it('up to the threshold moves at once; above it only waits, and the balance stays', async () => {
    const user = await registerUser(server);
    const small = await adjust(finance.token, user, '1000.00');
    expect(small.body.data).toMatchObject({ status: 'done', balance: '1000.00', adjustmentId: null });
    const id = await proposal(user, '1000.01');
    expect((await assetsOf(server, user)).balance).toBe('1000.00');
    const pending = await operatorCallAs(server, secondFinance.token, OPERATOR_CALLS.pendingAdjustments, { page: 1, pageSize: 50 });
    expect(pending.body.data.items.find((a) => a.id === id)).toMatchObject({ username: user.username, amount: '1000.01', status: 'pending', proposedBy: finance.username, reason: 'Goodwill' });
  });

  it('split into smaller ones by one operator waits once a day\'s total passes the threshold, also when they arrive at once', async () => {
    const user = await registerUser(server);
    const answers = await Promise.all(Array.from({ length: 6 }, () => adjust(finance.token, user, '300.00')));
    const statuses = answers.map((answer) => answer.body.data.status);
    // 3 × 300.00 = 900.00 move; a fourth would make 1 200.00 in one day.
    expect(statuses.filter((status) => status === 'done')).toHaveLength(3);
    expect(statuses.filter((status) => status === 'proposed')).toHaveLength(3);
    expect((await assetsOf(server, user)).balance).toBe('900.00');
    // Another operator's own adjustments are counted apart.
    expect((await adjust(secondFinance.token, user, '-300.00')).body.data.status).toBe('done');
    // Taking away counts as much as adding.
    expect((await adjust(secondFinance.token, user, '-800.00')).body.data.status).toBe('proposed');
  });

  it('of credit points never waits: points are not money', async () => {
    const user = await registerUser(server);
    expect((await adjust(finance.token, user, '5000', 'coin')).body.data).toMatchObject({ status: 'done', balance: '5000' });
  });

  it('is never approved or rejected by the operator who proposed it', async () => {
    const user = await registerUser(server);
    const id = await proposal(user, '-2000.00');
    expectRefusal(await operatorCallAs(server, finance.token, OPERATOR_CALLS.approveAdjustment, { id }), 403, 'SELF_APPROVAL');
    expectRefusal(await operatorCallAs(server, finance.token, OPERATOR_CALLS.rejectAdjustment, { id, remark: 'Mine' }), 403, 'SELF_APPROVAL');
  });

  it('approved by a second operator moves the money once, however many approve at the same moment', async () => {
    const user = await registerUser(server);
    const id = await proposal(user, '5000.00');
    const approvers = [secondFinance.token, admin, secondFinance.token, admin, secondFinance.token, admin];
    const answers = await Promise.all(approvers.map((token) => operatorCallAs(server, token, OPERATOR_CALLS.approveAdjustment, { id })));
    const approved = answers.filter((answer) => answer.status === 200);
    expect(approved).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 200)) expectRefusal(answer, 409, 'ALREADY_REVIEWED');
    expect(approved[0]!.body.data).toMatchObject({ status: 'approved', transferId: expect.any(String) });
    expect((await assetsOf(server, user)).balance).toBe('5000.00');
    expect((await verifyLedger(server, admin)).ok).toBe(true);
  });

  it('rejected with a remark moves nothing, and cannot be approved afterwards', async () => {
    const user = await registerUser(server);
    const id = await proposal(user, '3000.00');
    expectRefusal(await operatorCallAs(server, secondFinance.token, OPERATOR_CALLS.rejectAdjustment, { id, remark: ' ' }), 400, 'VALIDATION');
    const rejected = await operatorCallAs(server, secondFinance.token, OPERATOR_CALLS.rejectAdjustment, { id, remark: 'No ticket for this' });
    expect(rejected.body.data).toMatchObject({ status: 'rejected', remark: 'No ticket for this', decidedBy: secondFinance.username, transferId: null });
    expectRefusal(await operatorCallAs(server, admin, OPERATOR_CALLS.approveAdjustment, { id }), 409, 'ALREADY_REVIEWED');
    expect((await assetsOf(server, user)).balance).toBe('0.00');
  });

  it('taking more than the balance holds at approval stays pending, and nothing moves', async () => {
    const user = await registerUser(server);
    const id = await proposal(user, '-1500.00');
    expectRefusal(await operatorCallAs(server, secondFinance.token, OPERATOR_CALLS.approveAdjustment, { id }), 422, 'INSUFFICIENT_BALANCE');
    const pending = await operatorCallAs(server, admin, OPERATOR_CALLS.pendingAdjustments, { page: 1, pageSize: 50 });
    expect(pending.body.data.items.find((a) => a.id === id)?.status).toBe('pending');
    expect((await assetsOf(server, user)).balance).toBe('0.00');
  });

  it('follows the threshold the admin sets', async () => {
    expect((await operatorCallAs(server, admin, OPERATOR_CALLS.saveSettings, { adjustApprovalThreshold: '10.00' })).body.data.adjustApprovalThreshold).toBe('10.00');
    try {
      const user = await registerUser(server);
      expect((await adjust(finance.token, user, '10.01')).body.data.status).toBe('proposed');
      expect((await adjust(finance.token, user, '10.00')).body.data.status).toBe('done');
    } finally {
      await operatorCallAs(server, admin, OPERATOR_CALLS.saveSettings, { adjustApprovalThreshold: '1000.00' });
    }
  });
});
