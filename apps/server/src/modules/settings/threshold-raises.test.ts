import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_CALLS } from '@wallet/contract';
import { operatorToken, registerUser, startClockedServer, type ClockedServer } from '../../testing/accounts.js';
import { assetsOf } from '../../testing/money.js';
import { userIdOf } from '../../testing/money-load.js';
import { operatorWithRole, signInAgain, type TestOperator } from '../../testing/operators.js';
import { expectRefusal, operatorCallAs } from '../../testing/typed-call.js';

/*
 * PRODUCT §9, four eyes, for the threshold itself: an admin who raises
 * adjustApprovalThreshold only proposes it; a second admin (not the
 * proposer, not an account the proposer made) approves it, exactly once.
 * A lower threshold applies at once.
 */

const DAY_AND_AN_HOUR = 25 * 60 * 60 * 1000;

let server: ClockedServer;
let admin: string;
let secondAdmin: TestOperator;
let thirdAdmin: TestOperator;
/** An admin that secondAdmin made. */
let madeBySecondAdmin: TestOperator;
let finance: TestOperator;

beforeAll(async () => {
  server = await startClockedServer();
  const firstAdmin = await operatorToken(server);
  const make = (role: 'admin' | 'finance') => operatorWithRole(server, firstAdmin, role);
  const [a2, a3, f1] = await Promise.all([make('admin'), make('admin'), make('finance')]);
  const puppet = await operatorWithRole(server, a2.token, 'admin');
  // An approver's account must be older than a day at the proposal.
  server.clock.advance(DAY_AND_AN_HOUR);
  admin = await operatorToken(server);
  const again = (operator: TestOperator) => signInAgain(server, operator);
  [secondAdmin, thirdAdmin, finance, madeBySecondAdmin] = await Promise.all([again(a2), again(a3), again(f1), again(puppet)]);
});
afterAll(() => server.close());

const saveThreshold = (token: string, amount: string) => operatorCallAs(server, token, OPERATOR_CALLS.saveSettings, { adjustApprovalThreshold: amount });
const thresholdNow = async () => (await operatorCallAs(server, admin, OPERATOR_CALLS.settings, {})).body.data.adjustApprovalThreshold;
const approve = (token: string, id: string) => operatorCallAs(server, token, OPERATOR_CALLS.approveThresholdRaise, { id });

async function raise(amount: string) {
  const saved = await saveThreshold(secondAdmin.token, amount);
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body.data.thresholdRaise!;
}

async function adjustAlone(amount: string) {
  const user = await registerUser(server);
  const userId = await userIdOf(server, admin, user);
  const answer = await operatorCallAs(server, secondAdmin.token, OPERATOR_CALLS.adjustUser, { userId, account: 'available', amount, reason: 'Alone' });
  return { status: answer.body.data.status, balance: (await assetsOf(server, user)).balance };
}

describe('a higher approval threshold', () => {
  it('saved by one admin is only proposed: the rest of the save applies, the threshold stays, and a large adjustment still waits', async () => {
    const saved = await operatorCallAs(server, secondAdmin.token, OPERATOR_CALLS.saveSettings, { adjustApprovalThreshold: '100000.00', displayName: 'Raised Wallet' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ adjustApprovalThreshold: '1000.00', displayName: 'Raised Wallet' });
    expect(saved.body.data.thresholdRaise).toMatchObject({ amount: '100000.00', current: '1000.00', status: 'pending', proposedBy: secondAdmin.username, decidedBy: null });
    expect(await thresholdNow()).toBe('1000.00');
    expect(await adjustAlone('70000.00')).toEqual({ status: 'proposed', balance: '0.00' });
    const pending = await operatorCallAs(server, admin, OPERATOR_CALLS.pendingThresholdRaises, { page: 1, pageSize: 50 });
    expect(pending.body.data.items).toEqual([saved.body.data.thresholdRaise]);
    const audit = await operatorCallAs(server, admin, OPERATOR_CALLS.audit, { action: 'settings/threshold/propose' });
    expect(audit.body.data.items).toHaveLength(1);
    expect(audit.body.data.items[0]).toMatchObject({ operator: secondAdmin.username, action: 'settings/threshold/propose', before: { adjustApprovalThreshold: '1000.00' }, after: { adjustApprovalThreshold: '100000.00' } });
  });

  it('is approved once by a second admin, however many approve at the same moment; never by its proposer or an admin the proposer made', async () => {
    const { id } = (await operatorCallAs(server, admin, OPERATOR_CALLS.pendingThresholdRaises, { page: 1, pageSize: 50 })).body.data.items[0]!;
    expectRefusal(await approve(secondAdmin.token, id), 403, 'SELF_APPROVAL');
    expectRefusal(await approve(madeBySecondAdmin.token, id), 403, 'APPROVER_MADE_BY_PROPOSER');
    expectRefusal(await approve(finance.token, id), 403, 'ROLE_FORBIDDEN');
    expect(await thresholdNow()).toBe('1000.00');

    const answers = await Promise.all([admin, thirdAdmin.token, admin, thirdAdmin.token, admin, thirdAdmin.token].map((token) => approve(token, id)));
    const approved = answers.filter((answer) => answer.status === 200);
    expect(approved).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 200)) expectRefusal(answer, 409, 'ALREADY_REVIEWED');
    expect(approved[0]!.body.data).toMatchObject({ id, status: 'approved', amount: '100000.00', current: '100000.00' });
    expect(await thresholdNow()).toBe('100000.00');
    expect(await adjustAlone('70000.00')).toEqual({ status: 'done', balance: '70000.00' });
    expect((await operatorCallAs(server, admin, OPERATOR_CALLS.pendingThresholdRaises, { page: 1, pageSize: 50 })).body.data.total).toBe(0);
  });

  it('rejected with a remark leaves the threshold as it is, and cannot be approved afterwards', async () => {
    const lowered = await saveThreshold(secondAdmin.token, '1000.00');
    expect(lowered.body.data.adjustApprovalThreshold).toBe('1000.00');
    expect(lowered.body.data.thresholdRaise).toBeUndefined();
    const { id } = await raise('5000.00');
    expectRefusal(await operatorCallAs(server, secondAdmin.token, OPERATOR_CALLS.rejectThresholdRaise, { id, remark: 'Mine' }), 403, 'SELF_APPROVAL');
    const rejected = await operatorCallAs(server, thirdAdmin.token, OPERATOR_CALLS.rejectThresholdRaise, { id, remark: 'No reason given' });
    expect(rejected.body.data).toMatchObject({ status: 'rejected', remark: 'No reason given', decidedBy: thirdAdmin.username, amount: '5000.00', current: '1000.00' });
    expectRefusal(await approve(admin, id), 409, 'ALREADY_REVIEWED');
    expect(await thresholdNow()).toBe('1000.00');
  });
});

describe('a lower approval threshold', () => {
  it('applies at once, and a higher one saved at the same moment never applies without approval', async () => {
    // Each round lowers twice at once from where the last left it: the lower value must win, the other must not land as a raise over it.
    for (const [lower, other] of [
      ['900.00', '950.00'],
      ['800.00', '850.00'],
      ['700.00', '750.00'],
      ['600.00', '650.00'],
      ['500.00', '550.00'],
    ] as const) {
      const answers = await Promise.all([saveThreshold(admin, lower), saveThreshold(secondAdmin.token, other)]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      expect(await thresholdNow()).toBe(lower);
    }
    const pending = (await operatorCallAs(server, admin, OPERATOR_CALLS.pendingThresholdRaises, { page: 1, pageSize: 50 })).body.data.items;
    expect(pending.every((raised) => raised.proposedBy === secondAdmin.username)).toBe(true);
  });
});
