import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_CALLS } from '@wallet/contract';
import { operatorToken, registerUser, startClockedServer, type ClockedServer, type RegisteredUser } from '../../testing/accounts.js';
import { assetsOf, verifyLedger } from '../../testing/money.js';
import { userIdOf } from '../../testing/money-load.js';
import { operatorWithRole, signInAgain, type TestOperator } from '../../testing/operators.js';
import { expectRefusal, operatorCallAs } from '../../testing/typed-call.js';

/*
 * PRODUCT §9, four eyes: what moves on one user's balance or credit points
 * in a day without approval stays within adjustApprovalThreshold (1 000.00
 * at first start), whichever operators move it; past it an adjustment is
 * only proposed, and a second person (admin or finance, not the proposer,
 * not an account the proposer made, not one made the day before) approves
 * it, exactly once, or rejects it.
 */

const DAY_AND_AN_HOUR = 25 * 60 * 60 * 1000;
const MINUTE = 60 * 1000;

let server: ClockedServer;
let admin: string;
let finance: TestOperator;
let secondFinance: TestOperator;
let thirdFinance: TestOperator;
let secondAdmin: TestOperator;
/** A finance account that secondAdmin made. */
let madeBySecondAdmin: TestOperator;

beforeAll(async () => {
  server = await startClockedServer();
  const firstAdmin = await operatorToken(server);
  const make = (role: 'admin' | 'finance') => operatorWithRole(server, firstAdmin, role);
  const [f1, f2, f3, a2] = await Promise.all([make('finance'), make('finance'), make('finance'), make('admin')]);
  const puppet = await operatorWithRole(server, a2.token, 'finance');
  // An approver's account must be older than a day at the proposal.
  server.clock.advance(DAY_AND_AN_HOUR);
  admin = await operatorToken(server);
  const again = (operator: TestOperator) => signInAgain(server, operator);
  [finance, secondFinance, thirdFinance, secondAdmin, madeBySecondAdmin] = await Promise.all([again(f1), again(f2), again(f3), again(a2), again(puppet)]);
});
afterAll(() => server.close());

interface Subject {
  user: RegisteredUser;
  userId: string;
}

async function newSubject(): Promise<Subject> {
  const user = await registerUser(server);
  return { user, userId: await userIdOf(server, admin, user) };
}

/** An adjustment as its own action (a requestId of its own), unless `requestId` says otherwise. */
function adjust(token: string, { userId }: Subject, amount: string, fields: { account?: 'available' | 'coin'; requestId?: string | null; reason?: string } = {}) {
  const requestId = fields.requestId === undefined ? randomUUID() : fields.requestId;
  return operatorCallAs(server, token, OPERATOR_CALLS.adjustUser, {
    userId,
    account: fields.account ?? 'available',
    amount,
    reason: fields.reason ?? 'Goodwill',
    ...(requestId === null ? {} : { requestId }),
  });
}

async function proposal(subject: Subject, amount: string, proposer = finance, account: 'available' | 'coin' = 'available') {
  const proposed = await adjust(proposer.token, subject, amount, { account });
  expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
  expect(proposed.body.data).toMatchObject({ status: 'proposed', transferId: null, amount });
  return proposed.body.data.adjustmentId!;
}

const approve = (token: string, id: string) => operatorCallAs(server, token, OPERATOR_CALLS.approveAdjustment, { id });
const statusesOf = (answers: { body: { data: { status: string } } }[]) => answers.map((answer) => answer.body.data.status).sort();

describe('an adjustment', () => {
  it('up to the threshold moves at once; above it only waits, and the balance stays', async () => {
    const subject = await newSubject();
    const small = await adjust(finance.token, subject, '1000.00');
    expect(small.body.data).toMatchObject({ status: 'done', balance: '1000.00', adjustmentId: null });
    const id = await proposal(subject, '1000.01');
    expect((await assetsOf(server, subject.user)).balance).toBe('1000.00');
    const pending = await operatorCallAs(server, secondFinance.token, OPERATOR_CALLS.pendingAdjustments, { page: 1, pageSize: 50 });
    expect(pending.body.data.items.find((a) => a.id === id)).toMatchObject({ username: subject.user.username, amount: '1000.01', status: 'pending', proposedBy: finance.username, reason: 'Goodwill' });
  });

  it("split into smaller ones waits once the user's day passes the threshold, also when they arrive at once", async () => {
    const subject = await newSubject();
    const answers = await Promise.all(Array.from({ length: 6 }, () => adjust(finance.token, subject, '300.00')));
    // 3 × 300.00 = 900.00 move; a fourth would make 1 200.00 in one day.
    expect(statusesOf(answers)).toEqual(['done', 'done', 'done', 'proposed', 'proposed', 'proposed']);
    expect((await assetsOf(server, subject.user)).balance).toBe('900.00');
    // Taking away counts as much as adding.
    expect((await adjust(finance.token, subject, '-100.01')).body.data.status).toBe('proposed');
    expect((await adjust(finance.token, subject, '-100.00')).body.data.status).toBe('done');
  });

  it("shared among operators counts every operator's adjustments of the user's day, also when they arrive at once", async () => {
    const subject = await newSubject();
    const answers = await Promise.all([finance, secondFinance, thirdFinance].map((operator) => adjust(operator.token, subject, '999.00')));
    expect(statusesOf(answers)).toEqual(['done', 'proposed', 'proposed']);
    expect((await assetsOf(server, subject.user)).balance).toBe('999.00');
    // Whoever moved the 999.00, a fourth operator's 2.00 would pass 1 000.00.
    expect((await adjust(admin, subject, '2.00')).body.data.status).toBe('proposed');
    expect((await adjust(admin, subject, '1.00')).body.data.status).toBe('done');
  });

  it('of credit points is bounded the same way, a point weighing as 1.00; what a second operator approved does not count', async () => {
    const subject = await newSubject();
    const answers = await Promise.all(Array.from({ length: 6 }, () => adjust(finance.token, subject, '300', { account: 'coin' })));
    expect(statusesOf(answers)).toEqual(['done', 'done', 'done', 'proposed', 'proposed', 'proposed']);
    expect((await assetsOf(server, subject.user)).coin).toBe(900);
    const id = answers.find((answer) => answer.body.data.status === 'proposed')!.body.data.adjustmentId!;
    expect((await approve(secondFinance.token, id)).body.data).toMatchObject({ status: 'approved', account: 'coin', amount: '300' });
    expect((await assetsOf(server, subject.user)).coin).toBe(1200);
    // 900 points moved without approval: 100 more fit, 101 would not.
    expect((await adjust(finance.token, subject, '101', { account: 'coin' })).body.data.status).toBe('proposed');
    expect((await adjust(finance.token, subject, '100', { account: 'coin' })).body.data).toMatchObject({ status: 'done', balance: '1300' });
    expect((await verifyLedger(server, admin)).ok).toBe(true);
  });

  it('is never approved or rejected by the operator who proposed it', async () => {
    const id = await proposal(await newSubject(), '-2000.00');
    expectRefusal(await approve(finance.token, id), 403, 'SELF_APPROVAL');
    expectRefusal(await operatorCallAs(server, finance.token, OPERATOR_CALLS.rejectAdjustment, { id, remark: 'Mine' }), 403, 'SELF_APPROVAL');
  });

  it('is not approved by an operator account the proposer created, however old', async () => {
    const subject = await newSubject();
    const id = await proposal(subject, '50000.00', secondAdmin);
    const refused = await approve(madeBySecondAdmin.token, id);
    expectRefusal(refused, 403, 'APPROVER_MADE_BY_PROPOSER');
    expect(refused.body.mess).toBe('You cannot approve this: your operator account was created by the proposer.');
    expect((await assetsOf(server, subject.user)).balance).toBe('0.00');
    expect((await approve(secondFinance.token, id)).status).toBe(200);
    expect((await assetsOf(server, subject.user)).balance).toBe('50000.00');
  });

  it('is not approved by an operator account created in the day before the proposal, or after it', async () => {
    const subject = await newSubject();
    const before = await operatorWithRole(server, admin, 'finance');
    const id = await proposal(subject, '2000.00');
    const after = await operatorWithRole(server, admin, 'finance');
    for (const approver of [before, after]) {
      const refused = await approve(approver.token, id);
      expectRefusal(refused, 403, 'APPROVER_TOO_NEW');
      expect(refused.body.mess).toBe('You cannot approve this: your operator account was created less than 24 hours before the proposal.');
    }
    expect((await assetsOf(server, subject.user)).balance).toBe('0.00');
    // The first-start admin was made by nobody: not a second account of anyone's.
    expect((await approve(admin, id)).status).toBe(200);
  });

  it('approved by a second operator moves the money once, however many approve at the same moment', async () => {
    const subject = await newSubject();
    const id = await proposal(subject, '5000.00');
    const approvers = [secondFinance.token, admin, thirdFinance.token, secondFinance.token, admin, thirdFinance.token];
    const answers = await Promise.all(approvers.map((token) => approve(token, id)));
    const approved = answers.filter((answer) => answer.status === 200);
    expect(approved).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 200)) expectRefusal(answer, 409, 'ALREADY_REVIEWED');
    expect(approved[0]!.body.data).toMatchObject({ status: 'approved', transferId: expect.any(String) });
    expect((await assetsOf(server, subject.user)).balance).toBe('5000.00');
    expect((await verifyLedger(server, admin)).ok).toBe(true);
  });

  it('rejected with a remark moves nothing, and cannot be approved afterwards', async () => {
    const subject = await newSubject();
    const id = await proposal(subject, '3000.00');
    expectRefusal(await operatorCallAs(server, secondFinance.token, OPERATOR_CALLS.rejectAdjustment, { id, remark: ' ' }), 400, 'VALIDATION');
    const rejected = await operatorCallAs(server, secondFinance.token, OPERATOR_CALLS.rejectAdjustment, { id, remark: 'No ticket for this' });
    expect(rejected.body.data).toMatchObject({ status: 'rejected', remark: 'No ticket for this', decidedBy: secondFinance.username, transferId: null });
    expectRefusal(await approve(admin, id), 409, 'ALREADY_REVIEWED');
    expect((await assetsOf(server, subject.user)).balance).toBe('0.00');
  });

  it('taking more than the balance holds at approval stays pending, and nothing moves', async () => {
    const subject = await newSubject();
    const id = await proposal(subject, '-1500.00');
    expectRefusal(await approve(secondFinance.token, id), 422, 'INSUFFICIENT_BALANCE');
    const pending = await operatorCallAs(server, admin, OPERATOR_CALLS.pendingAdjustments, { page: 1, pageSize: 50 });
    expect(pending.body.data.items.find((a) => a.id === id)?.status).toBe('pending');
    expect((await assetsOf(server, subject.user)).balance).toBe('0.00');
  });

  it('follows a lower threshold at once; going back up waits for a second admin', async () => {
    const saveThreshold = (token: string, amount: string) => operatorCallAs(server, token, OPERATOR_CALLS.saveSettings, { adjustApprovalThreshold: amount });
    const lowered = (await saveThreshold(admin, '10.00')).body.data;
    expect(lowered.adjustApprovalThreshold).toBe('10.00');
    expect(lowered.thresholdRaise).toBeUndefined();
    const subject = await newSubject();
    expect((await adjust(finance.token, subject, '10.01')).body.data.status).toBe('proposed');
    expect((await adjust(finance.token, subject, '10.00')).body.data.status).toBe('done');
    const raise = (await saveThreshold(secondAdmin.token, '1000.00')).body.data.thresholdRaise!;
    expect(raise).toMatchObject({ amount: '1000.00', current: '10.00', status: 'pending' });
    expect((await operatorCallAs(server, admin, OPERATOR_CALLS.approveThresholdRaise, { id: raise.id })).body.data).toMatchObject({ status: 'approved', current: '1000.00' });
  });
});

describe('a retry of an adjustment', () => {
  it('without a requestId, within 10 minutes, gets the first answer and moves nothing more, also when sent at once', async () => {
    const subject = await newSubject();
    const answers = await Promise.all(Array.from({ length: 5 }, () => adjust(finance.token, subject, '5.00', { requestId: null })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    const [first] = answers;
    for (const answer of answers) expect(answer.body.data).toEqual(first!.body.data);
    expect(first!.body.data).toMatchObject({ status: 'done', balance: '5.00' });
    server.clock.advance(9 * MINUTE);
    expect((await adjust(finance.token, subject, '5.00', { requestId: null })).body.data).toEqual(first!.body.data);
    expect((await assetsOf(server, subject.user)).balance).toBe('5.00');

    // Another reason, another operator, or the same one later: a new adjustment.
    expect((await adjust(finance.token, subject, '5.00', { requestId: null, reason: 'Second goodwill' })).body.data.balance).toBe('10.00');
    expect((await adjust(secondFinance.token, subject, '5.00', { requestId: null })).body.data.balance).toBe('15.00');
    server.clock.advance(2 * MINUTE);
    const later = await adjust(finance.token, subject, '5.00', { requestId: null });
    expect(later.body.data).toMatchObject({ status: 'done', balance: '20.00' });
    expect(later.body.data.transferId).not.toBe(first!.body.data.transferId);
  });

  it('without a requestId is the same proposal, not a second one', async () => {
    const subject = await newSubject();
    const [first, again] = await Promise.all([1, 2].map(() => adjust(finance.token, subject, '4000.00', { requestId: null })));
    expect(first!.body.data).toMatchObject({ status: 'proposed' });
    expect(again!.body.data).toEqual(first!.body.data);
    const pending = await operatorCallAs(server, admin, OPERATOR_CALLS.pendingAdjustments, { page: 1, pageSize: 50 });
    expect(pending.body.data.items.filter((a) => a.username === subject.user.username)).toHaveLength(1);
  });
});
