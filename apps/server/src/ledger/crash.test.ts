import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { formatMoney, type CallResult, type rechargeDetail, type withdrawalDetail } from '@wallet/contract';
import { operatorToken, registerUser, type RegisteredUser } from '../testing/accounts.js';
import { openTestChannel, assetsOf, requestRecharge, review, verifyLedger, withdraw } from '../testing/money.js';
import { centsOf, rechargesOf, withdrawalsOf } from '../testing/money-load.js';
import { answerOrNothing, ledgerCleanThenRestart, stopServerProcess, type ServerProcess, processOnFreshData } from '../testing/server-process.js';
import type { CallResponse, TestServer } from '../testing/test-server.js';
import { errorOf } from '../testing/typed-call.js';

/*
 * The real server process under a load of money calls, killed with SIGKILL in
 * the middle and started again on the same data: whatever it acknowledged is
 * still there, retries of what was in flight happen exactly once, and the
 * ledger proves itself, through the API and through `npm run ledger:verify`.
 */

const USERS = 8;
const ROUNDS_PER_USER = 6;
/** Acknowledged calls before the kill: about a third of the load. */
const KILL_AFTER = 60;

type RechargeRecord = CallResult<typeof rechargeDetail>;
type WithdrawalRecord = CallResult<typeof withdrawalDetail>;

/** One money call of the load: what was asked, and whether the server acknowledged it before it died. */
interface Step {
  user: RegisteredUser;
  kind: 'recharge' | 'recharge-review' | 'withdrawal' | 'withdrawal-review';
  /** Recharges and withdrawals: the client's requestId and amount, to send again unchanged. */
  requestId?: string;
  amount?: string;
  /** Reviews: the record and the decision. */
  orderNo?: string;
  approve?: boolean;
  outcome: 'acknowledged' | 'in-flight';
  /** Acknowledged recharges and withdrawals: the order number and record the server answered. */
  answer?: RechargeRecord | WithdrawalRecord;
}

const fixture = processOnFreshData();
let running: ServerProcess | undefined;

it('keeps every acknowledged money call through a SIGKILL, does in-flight retries once, and the ledger proves itself', async () => {
  running = await fixture.start();
  let server = running.server;
  const token = await operatorToken(server);
  await openTestChannel(server, token);
  const users = await Promise.all(Array.from({ length: USERS }, () => registerUser(server)));

  const steps: Step[] = [];
  const failures: string[] = [];
  let acknowledged = 0;
  const victim = running;

  /** Sends one call and notes whether it was acknowledged; null when it was not (the server is gone). */
  async function send<T extends RechargeRecord | WithdrawalRecord>(step: Omit<Step, 'outcome'>, sent: () => Promise<CallResponse<T>>): Promise<T | null> {
    const record: Step = { ...step, outcome: 'in-flight' };
    steps.push(record);
    const data = await answerOrNothing(step.kind, sent, failures);
    if (data === null) return null;
    record.outcome = 'acknowledged';
    record.answer = data;
    acknowledged += 1;
    if (acknowledged === KILL_AFTER) victim.child.kill('SIGKILL');
    return data;
  }

  async function clientLoad(user: RegisteredUser, index: number): Promise<void> {
    for (let round = 0; round < ROUNDS_PER_USER; round += 1) {
      const rechargeAmount = formatMoney((index + 1) * 100_00 + round * 1_00);
      const rechargeId = randomUUID();
      const recharge = await send({ user, kind: 'recharge', requestId: rechargeId, amount: rechargeAmount }, () =>
        requestRecharge(server, user, rechargeAmount, { requestId: rechargeId }),
      );
      if (!recharge) return;
      const orderNo = recharge.orderNo;
      if (!(await send({ user, kind: 'recharge-review', orderNo, approve: true }, () => review(server, token, 'recharges', orderNo, true)))) return;
      const withdrawalAmount = formatMoney(50_00 + round * 1_00);
      const withdrawalId = randomUUID();
      const withdrawal = await send({ user, kind: 'withdrawal', requestId: withdrawalId, amount: withdrawalAmount }, () =>
        withdraw(server, user, withdrawalAmount, { requestId: withdrawalId }),
      );
      if (!withdrawal) return;
      const withdrawalNo = withdrawal.orderNo;
      const approve = round % 2 === 0;
      const reviewed = await send({ user, kind: 'withdrawal-review', orderNo: withdrawalNo, approve }, () =>
        review(server, token, 'withdrawals', withdrawalNo, approve, approve ? '' : 'refused under load'),
      );
      if (!reviewed) return;
    }
  }

  await Promise.all(users.map(clientLoad));
  await victim.exited;
  expect(failures).toEqual([]);
  expect(victim.child.signalCode).toBe('SIGKILL');
  // Answers already on their way when the kill came count as acknowledged too.
  expect(acknowledged).toBeGreaterThanOrEqual(KILL_AFTER);

  running = await ledgerCleanThenRestart(fixture);
  server = running.server;
  const report = await verifyLedger(server, token);
  expect(report.problems).toEqual([]);
  expect(report.ok).toBe(true);

  // Every acknowledged call is there, as it was answered; what nobody reviewed is still under review.
  for (const user of users) {
    const records = new Map<string, RechargeRecord | WithdrawalRecord>();
    for (const r of [...(await rechargesOf(server, user)), ...(await withdrawalsOf(server, user))]) records.set(r.orderNo, r);
    const mine = steps.filter((s) => s.user === user);
    for (const step of mine.filter((s) => s.outcome === 'acknowledged')) {
      if (step.answer && (step.kind === 'recharge' || step.kind === 'withdrawal')) {
        const orderNo = step.answer.orderNo;
        expect(records.get(orderNo), `${step.kind} ${orderNo}`).toMatchObject({ orderNo, amount: step.amount });
      }
      if (step.kind === 'recharge-review') expect(records.get(step.orderNo!)?.status).toBe('completed');
      if (step.kind === 'withdrawal-review') expect(records.get(step.orderNo!)?.status).toBe(step.approve ? 'completed' : 'refused');
    }
    const reviewAsked = new Set(mine.map((s) => s.orderNo).filter(Boolean));
    for (const record of records.values()) if (!reviewAsked.has(record.orderNo)) expect(record.status, record.orderNo).toBe('review');
  }

  // What was in flight is sent again, unchanged: each retry answers, and nothing happens twice.
  const inFlight = steps.filter((s) => s.outcome === 'in-flight');
  expect(inFlight.length).toBeGreaterThan(0);
  const retries = await Promise.all(
    inFlight.map((step) => {
      if (step.kind === 'recharge') return requestRecharge(server, step.user, step.amount!, { requestId: step.requestId });
      if (step.kind === 'withdrawal') return withdraw(server, step.user, step.amount!, { requestId: step.requestId });
      return review(server, token, step.kind === 'recharge-review' ? 'recharges' : 'withdrawals', step.orderNo!, step.approve!, step.approve ? '' : 'refused under load');
    }),
  );
  retries.forEach((retry, i) => {
    const step = inFlight[i]!;
    const acceptable = step.kind === 'recharge' || step.kind === 'withdrawal' ? [200] : [200, 409];
    expect(acceptable, `${step.kind}: ${JSON.stringify(retry.body)}`).toContain(retry.status);
    if (retry.status === 409) expect(errorOf(retry).reason).toBe('ALREADY_REVIEWED');
  });

  for (const user of users) {
    const recharges = await rechargesOf(server, user);
    const withdrawals = await withdrawalsOf(server, user);
    const sent = steps.filter((s) => s.user === user);
    // One record per requestId the client used, acknowledged or retried.
    expect(recharges).toHaveLength(sent.filter((s) => s.kind === 'recharge').length);
    expect(withdrawals).toHaveLength(sent.filter((s) => s.kind === 'withdrawal').length);
    for (const decision of sent.filter((s) => s.kind === 'recharge-review' || s.kind === 'withdrawal-review')) {
      const record = [...recharges, ...withdrawals].find((r) => r.orderNo === decision.orderNo);
      expect(record?.status).toBe(decision.approve ? 'completed' : 'refused');
    }
    await expectAssetsFollowRecords(server, user, recharges, withdrawals);
  }

  const after = await verifyLedger(server, token);
  expect(after.problems).toEqual([]);
  expect(after.ok).toBe(true);
  await stopServerProcess(running, 'SIGTERM');
}, 120_000);

/** The user's assets are what the records say: approved recharges in, withdrawals out or frozen while under review. */
async function expectAssetsFollowRecords(server: TestServer, user: RegisteredUser, recharges: RechargeRecord[], withdrawals: WithdrawalRecord[]): Promise<void> {
  const sum = (cents: number[]) => cents.reduce((total, c) => total + c, 0);
  const recharged = sum(recharges.filter((r) => r.status === 'completed').map((r) => centsOf(r.payAmount)));
  const frozen = sum(withdrawals.filter((w) => w.status === 'review').map((w) => centsOf(w.amount)));
  const paidOut = sum(withdrawals.filter((w) => w.status === 'completed').map((w) => centsOf(w.amount)));
  const assets = await assetsOf(server, user);
  expect({ balance: assets.balance, freeze: assets.freeze, recharged: assets.totals['recharged'], withdrawn: assets.totals['withdrawn'] }).toEqual({
    balance: formatMoney(recharged - frozen - paidOut),
    freeze: formatMoney(frozen),
    recharged: formatMoney(recharged),
    withdrawn: formatMoney(paidOut),
  });
}
