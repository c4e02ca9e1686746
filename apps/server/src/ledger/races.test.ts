import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, OPERATOR_CALLS, WITHDRAWAL_PENDING_LIMIT, formatMoney } from '@wallet/contract';
import { registerUser, type RegisteredUser } from '../testing/accounts.js';
import { assetsOf, requestRecharge, review, verifyLedger, withdraw, startWithOpenChannel } from '../testing/money.js';
import { adjust, centsOf, operatorRecordOf, rechargesOf, statementOf, userWithBalance, withdrawalsOf } from '../testing/money-load.js';
import { startTestServer, type CallResponse, type TestServer } from '../testing/test-server.js';
import { callAs, operatorCallAs, reasonOf } from '../testing/typed-call.js';
import { TINY_IMAGES, uploadImage } from '../testing/uploads.js';
import { tally, times } from '../testing/parallel.js';

/*
 * Many calls at the same moment on the same money: every answer is a success
 * or a refusal with a reason, what was acknowledged happened exactly once,
 * and the ledger proves itself afterwards.
 */

let server: TestServer;
let token: string;
beforeAll(async () => {
  ({ server, token } = await startWithOpenChannel(startTestServer));
});
afterAll(async () => server.close());

/** A new user holding exactly `cents` on the balance, put there by an operator. */
const userHolding = (cents: number) => userWithBalance(server, token, formatMoney(cents));

async function expectLedgerOk(): Promise<void> {
  const report = await verifyLedger(server, token);
  expect(report.problems).toEqual([]);
  expect(report.ok).toBe(true);
}

async function expectAssets(user: RegisteredUser, expected: { available: number; frozen: number }): Promise<void> {
  const assets = await assetsOf(server, user);
  expect({ balance: assets.balance, freeze: assets.freeze }).toEqual({ balance: formatMoney(expected.available), freeze: formatMoney(expected.frozen) });
}

/** Every balance the statement ever showed the user: none below zero. */
async function expectNeverNegative(user: RegisteredUser): Promise<void> {
  const entries = await statementOf(server, user);
  for (const entry of entries) {
    const after = entry.account === 'coin' ? Number(entry.balanceAfter) : centsOf(entry.balanceAfter);
    expect(after, JSON.stringify(entry)).toBeGreaterThanOrEqual(0);
  }
}

describe('200 withdrawals by one user at once', () => {
  const AMOUNT = 100_00;
  const REFUSALS = ['422 INSUFFICIENT_BALANCE', '422 WITHDRAWAL_PENDING_LIMIT'];

  it.each([2, 5])('with a balance that covers %i of them: exactly as many as the balance and the pending limit allow go through', async (covered) => {
    const opening = covered * AMOUNT + 99;
    const user = await userHolding(opening);

    const answers = await times(200, () => withdraw(server, user, formatMoney(AMOUNT)));

    const accepted = answers.filter((a) => a.status === 200);
    const expectedAccepted = Math.min(covered, WITHDRAWAL_PENDING_LIMIT);
    const counts = tally(answers);
    expect(counts['OK'], JSON.stringify(counts)).toBe(expectedAccepted);
    for (const key of Object.keys(counts)) if (key !== 'OK') expect(REFUSALS).toContain(key);
    // Under the pending limit only the balance refuses; with money for more, only the limit does.
    if (covered < WITHDRAWAL_PENDING_LIMIT) expect(counts).not.toHaveProperty(['422 WITHDRAWAL_PENDING_LIMIT']);
    else expect(counts).not.toHaveProperty(['422 INSUFFICIENT_BALANCE']);
    // Every one carried the right payment password: however many arrive at once, none is locked out or turned away for it.

    const orderNos = accepted.map((a) => a.body.data.orderNo);
    expect(new Set(orderNos).size).toBe(expectedAccepted);
    const listed = await withdrawalsOf(server, user);
    expect(listed.map((w) => w.orderNo).sort()).toEqual([...orderNos].sort());
    expect(listed.every((w) => w.status === 'review' && w.amount === formatMoney(AMOUNT))).toBe(true);

    await expectAssets(user, { available: opening - expectedAccepted * AMOUNT, frozen: expectedAccepted * AMOUNT });
    await expectNeverNegative(user);
    await expectLedgerOk();
  }, 60_000);
});

describe('retries with one requestId', () => {
  it('answers 100 parallel retries of one withdrawal with the same record, and freezes the money once', async () => {
    const user = await userHolding(500_00);
    const requestId = randomUUID();

    const answers = await times(100, () => withdraw(server, user, '120.00', { requestId }));

    expect(tally(answers)).toEqual({ OK: 100 });
    expect(new Set(answers.map((a) => JSON.stringify(a.body.data))).size).toBe(1);
    const orderNo = (answers[0]!.body.data).orderNo;
    const listed = await withdrawalsOf(server, user);
    expect(listed.map((w) => w.orderNo)).toEqual([orderNo]);
    const requested = (await statementOf(server, user)).filter((e) => e.kind === 'withdrawal_requested');
    expect(requested.map((e) => ({ account: e.account, amount: e.amount, reference: e.reference })).sort((a, b) => (a.account < b.account ? -1 : 1))).toEqual([
      { account: 'available', amount: '-120.00', reference: orderNo },
      { account: 'frozen', amount: '120.00', reference: orderNo },
    ]);
    await expectAssets(user, { available: 380_00, frozen: 120_00 });
    await expectLedgerOk();
  }, 60_000);

  it('refuses the same requestId with another amount or card with 409 REQUEST_CONFLICT and keeps the first withdrawal only', async () => {
    const user = await userHolding(500_00);
    const requestId = randomUUID();
    const first = await withdraw(server, user, '50.00', { requestId });
    expect(first.status).toBe(200);

    const otherAmount = await withdraw(server, user, '60.00', { requestId });
    expect({ status: otherAmount.status, reason: reasonOf(otherAmount) }).toEqual({ status: 409, reason: 'REQUEST_CONFLICT' });
    const otherCard = await withdraw(server, user, '50.00', { requestId, cardNo: '6222 0000 3333 4444' });
    expect({ status: otherCard.status, reason: reasonOf(otherCard) }).toEqual({ status: 409, reason: 'REQUEST_CONFLICT' });
    const same = await withdraw(server, user, '50.00', { requestId });
    expect(same.body.data).toEqual(first.body.data);

    expect((await withdrawalsOf(server, user)).map((w) => w.orderNo)).toEqual([first.body.data.orderNo]);
    await expectAssets(user, { available: 450_00, frozen: 50_00 });
    await expectLedgerOk();
  });

  it('lets exactly one of ten parallel withdrawals sharing a requestId with different amounts through; the others are 409', async () => {
    const user = await userHolding(1_000_00);
    const requestId = randomUUID();

    const answers = await times(10, (i) => withdraw(server, user, formatMoney((i + 1) * 10_00), { requestId }));

    expect(tally(answers)).toEqual({ OK: 1, '409 REQUEST_CONFLICT': 9 });
    const winner = answers.find((a) => a.status === 200)!.body.data;
    expect((await withdrawalsOf(server, user)).map((w) => w.orderNo)).toEqual([winner.orderNo]);
    await expectAssets(user, { available: 1_000_00 - centsOf(winner.amount), frozen: centsOf(winner.amount) });
    await expectLedgerOk();
  });

  it('answers parallel retries of one recharge with one record, and another amount under that requestId with 409', async () => {
    const user = await registerUser(server);
    const requestId = randomUUID();

    const answers = await times(30, () => requestRecharge(server, user, '250.00', { requestId }));

    expect(tally(answers)).toEqual({ OK: 30 });
    expect(new Set(answers.map((a) => JSON.stringify(a.body.data))).size).toBe(1);
    const orderNo = answers[0]!.body.data.orderNo;
    const conflict = await requestRecharge(server, user, '260.00', { requestId });
    expect({ status: conflict.status, reason: reasonOf(conflict) }).toEqual({ status: 409, reason: 'REQUEST_CONFLICT' });
    const listed = await rechargesOf(server, user);
    expect(listed.map((r) => r.orderNo)).toEqual([orderNo]);

    // Approved once, credited once, however often the request was sent.
    expect((await review(server, token, 'recharges', orderNo, true)).status).toBe(200);
    const again = await requestRecharge(server, user, '250.00', { requestId });
    expect(again.body.data.orderNo).toBe(orderNo);
    await expectAssets(user, { available: centsOf(answers[0]!.body.data.payAmount), frozen: 0 });
    await expectLedgerOk();
  });

  it('answers a retry sent with useLastCard with its first answer, even after a later withdrawal used another card', async () => {
    const user = await userHolding(500_00);
    expect((await withdraw(server, user, '10.00', { cardNo: '6222 1111 0000 0001' })).status).toBe(200);
    const requestId = randomUUID();
    const lastCard = { cardNo: undefined, useLastCard: true, requestId };
    const first = await withdraw(server, user, '20.00', lastCard);
    expect(first.status).toBe(200);
    expect(first.body.data.cardNoMasked).toMatch(/0001$/);
    expect((await withdraw(server, user, '30.00', { cardNo: '6222 2222 0000 0002' })).status).toBe(200);

    const retry = await withdraw(server, user, '20.00', lastCard);

    expect({ status: retry.status, data: retry.body.data }).toEqual({ status: 200, data: first.body.data });
    expect(await withdrawalsOf(server, user)).toHaveLength(3);
    await expectAssets(user, { available: 440_00, frozen: 60_00 });
  });

  it('answers retries of an acknowledged recharge and withdrawal with their first answers after the operator narrows the limits', async () => {
    const user = await userHolding(500_00);
    const rechargeId = randomUUID();
    const withdrawalId = randomUUID();
    const recharge = await requestRecharge(server, user, '15.00', { requestId: rechargeId });
    const withdrawal = await withdraw(server, user, '15.00', { requestId: withdrawalId });
    expect([recharge.status, withdrawal.status]).toEqual([200, 200]);
    const settings = await operatorCallAs(server, token, OPERATOR_CALLS.settings, {});
    const original = { rechargeChannels: settings.body.data.rechargeChannels, withdrawal: settings.body.data.withdrawal };
    const narrowed = {
      rechargeChannels: original.rechargeChannels.map((channel) => ({ ...channel, minAmount: '20.00' })),
      withdrawal: { ...original.withdrawal, minAmount: '20.00' },
    };
    expect((await operatorCallAs(server, token, OPERATOR_CALLS.saveSettings, narrowed)).status).toBe(200);
    try {
      const rechargeRetry = await requestRecharge(server, user, '15.00', { requestId: rechargeId });
      const withdrawalRetry = await withdraw(server, user, '15.00', { requestId: withdrawalId });
      expect({ status: rechargeRetry.status, data: rechargeRetry.body.data }).toEqual({ status: 200, data: recharge.body.data });
      expect({ status: withdrawalRetry.status, data: withdrawalRetry.body.data }).toEqual({ status: 200, data: withdrawal.body.data });
      // A new request is held to the new limits.
      expect(reasonOf(await withdraw(server, user, '15.00'))).toBe('VALIDATION');
    } finally {
      expect((await operatorCallAs(server, token, OPERATOR_CALLS.saveSettings, original)).status).toBe(200);
    }
  });

  it('applies an operator adjustment with a requestId once, however often and however parallel it is sent', async () => {
    const user = await userHolding(0);
    const requestId = randomUUID();
    const fields = { userId: user.id, account: 'available' as const, amount: '30.00', reason: 'goodwill credit', requestId };

    const answers = await times(20, () => adjust(server, token, fields));

    expect(tally(answers)).toEqual({ OK: 20 });
    expect(new Set(answers.map((a) => a.body.data.transferId)).size).toBe(1);
    const conflict = await adjust(server, token, { ...fields, amount: '31.00' });
    expect({ status: conflict.status, reason: reasonOf(conflict) }).toEqual({ status: 409, reason: 'REQUEST_CONFLICT' });
    const otherReason = await adjust(server, token, { ...fields, reason: 'another reason' });
    expect(reasonOf(otherReason)).toBe('REQUEST_CONFLICT');
    await expectAssets(user, { available: 30_00, frozen: 0 });
    expect((await statementOf(server, user)).filter((e) => e.kind === 'adjustment')).toHaveLength(1);

    // Without a requestId the same call sent again soon is taken for a retry (one credit); another reason is a credit of its own.
    const plain = { userId: user.id, account: 'available' as const, amount: '1.00', reason: 'a credit' };
    const [first, retry] = [await adjust(server, token, plain), await adjust(server, token, plain)];
    expect([first.status, retry.status]).toEqual([200, 200]);
    expect(retry.body.data.transferId).toBe(first.body.data.transferId);
    expect((await adjust(server, token, { ...plain, reason: 'another credit' })).status).toBe(200);
    await expectAssets(user, { available: 32_00, frozen: 0 });
    await expectLedgerOk();
  });
});

describe('recharges of one amount at the same moment', () => {
  it('get distinct amounts to pay until the nine extra tenths are taken; then the amount is busy', async () => {
    const users = await times(4, () => registerUser(server));
    const amount = 777_00;

    const answers = await times(12, (i) => requestRecharge(server, users[i % users.length]!, formatMoney(amount)));

    expect(tally(answers)).toEqual({ OK: 9, '422 RECHARGE_AMOUNT_BUSY': 3 });
    const extras = answers.filter((a) => a.status === 200).map((a) => centsOf(a.body.data.payAmount) - amount);
    expect(extras.sort((a, b) => a - b)).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90]);

    // A reviewed recharge gives its tenth back.
    const freed = answers.find((a) => a.status === 200)!.body.data;
    expect((await review(server, token, 'recharges', freed.orderNo, false, 'never paid')).status).toBe(200);
    const next = await requestRecharge(server, users[0]!, formatMoney(amount));
    expect(next.status).toBe(200);
    expect(next.body.data.payAmount).toBe(freed.payAmount);
    await expectLedgerOk();
  });
});

describe('many users asking for one amount while operators review', () => {
  it('never answers 500: each gets a free tenth or a clear "amount busy"', async () => {
    const users = await times(30, () => registerUser(server));
    const amount = 5_000_00;
    const answers = await Promise.all(
      users.map(async (user) => {
        const seen = [];
        for (let round = 0; round < 3; round += 1) {
          const answer = await requestRecharge(server, user, formatMoney(amount));
          seen.push(answer);
          if (answer.status === 200) await review(server, token, 'recharges', answer.body.data.orderNo, round % 2 === 0, 'not paid');
        }
        return seen;
      }),
    );
    const tallied = tally(answers.flat());
    expect(tallied['OK']).toBeGreaterThan(0);
    expect(Object.keys(tallied).every((k) => k === 'OK' || k === '422 RECHARGE_AMOUNT_BUSY')).toBe(true);
    await expectLedgerOk();
  });

  it('lets one user hold at most five extra tenths however many recharges arrive at once (12 parallel × 10 rounds)', async () => {
    for (let round = 0; round < 10; round += 1) {
      const user = await registerUser(server);
      // Distinct amounts, so only the per-user cap can refuse.
      const answers = await times(12, (i) => requestRecharge(server, user, formatMoney(1_000_00 + round * 1_000_00 + i * 100)));
      expect(tally(answers), `round ${round}`).toEqual({ OK: 5, '422 RECHARGE_PENDING_LIMIT': 7 });
    }
    await expectLedgerOk();
  });

  it('gives a slot back when a recharge is reviewed', async () => {
    const user = await registerUser(server);
    const held = await times(5, (i) => requestRecharge(server, user, formatMoney(3_000_00 + i * 100)));
    expect(tally(held)).toEqual({ OK: 5 });
    expect(reasonOf(await requestRecharge(server, user, '3100.00'))).toBe('RECHARGE_PENDING_LIMIT');
    expect((await review(server, token, 'recharges', held[0]!.body.data.orderNo, false, 'not paid')).status).toBe(200);
    const again = await times(3, (i) => requestRecharge(server, user, formatMoney(3_200_00 + i * 100)));
    expect(tally(again)).toEqual({ OK: 1, '422 RECHARGE_PENDING_LIMIT': 2 });
    await expectLedgerOk();
  });
});

describe('the ledger check during a storm of money calls', () => {
  it('never reports a problem while money moves', async () => {
    const users = await times(4, () => userHolding(1_000_00));
    let storming = true;
    const reports: { ok: boolean; problems: unknown[] }[] = [];
    const checker = (async () => {
      while (storming) reports.push(await verifyLedger(server, token));
    })();
    await Promise.all(
      users.map(async (user, i) => {
        for (let round = 0; round < 3; round += 1) {
          const recharge = await requestRecharge(server, user, formatMoney((i + 1) * 1_000_00 + round * 1_00));
          const withdrawal = await withdraw(server, user, formatMoney(10_00 + round * 1_00));
          await Promise.all([
            review(server, token, 'recharges', recharge.body.data.orderNo, true),
            review(server, token, 'withdrawals', withdrawal.body.data.orderNo, round % 2 === 0, round % 2 === 0 ? '' : 'no'),
            adjust(server, token, { userId: user.id, account: 'coin', amount: '3', reason: 'storm points' }),
          ]);
        }
      }),
    );
    storming = false;
    await checker;
    expect(reports.length).toBeGreaterThan(1);
    expect(reports.filter((r) => !r.ok)).toEqual([]);
    await expectLedgerOk();
  });
});

describe('operators reviewing one record at the same moment', () => {
  const DECISIONS = [true, false, true, false];

  async function race(kind: 'recharges' | 'withdrawals', orderNo: string): Promise<boolean> {
    const answers = await Promise.all(DECISIONS.map((approve) => review(server, token, kind, orderNo, approve, approve ? '' : 'refused in a race')));
    expect(tally(answers)).toEqual({ OK: 1, '409 ALREADY_REVIEWED': 3 });
    const approved = DECISIONS[answers.findIndex((a) => a.status === 200)]!;
    const status = approved ? 'completed' : 'refused';
    expect(answers.find((a) => a.status === 200)!.body.data.status).toBe(status);
    expect((await operatorRecordOf(server, token, kind, orderNo))?.status).toBe(status);
    return approved;
  }

  it('lets one review of a withdrawal win; the money follows the winner', async () => {
    const user = await userHolding(1_000_00);
    const expected = { available: 1_000_00, frozen: 0 };
    for (let round = 1; round <= 6; round += 1) {
      const cents = round * 10_00;
      const requested = await withdraw(server, user, formatMoney(cents));
      expect(requested.status).toBe(200);
      expected.available -= cents;
      const orderNo = requested.body.data.orderNo;

      const approved = await race('withdrawals', orderNo);

      if (!approved) expected.available += cents;
      const detail = await callAs(server, { token: user.token }, CALLS.withdrawalDetail, { orderNo });
      expect(detail.body.data.status).toBe(approved ? 'completed' : 'refused');
      await expectAssets(user, expected);
    }
    await expectLedgerOk();
  });

  it('lets one review of a recharge win; the money follows the winner', async () => {
    const user = await registerUser(server);
    const expected = { available: 0, frozen: 0 };
    for (let round = 1; round <= 6; round += 1) {
      const requested = await requestRecharge(server, user, formatMoney(round * 100_00));
      expect(requested.status).toBe(200);
      const { orderNo, payAmount } = requested.body.data;

      const approved = await race('recharges', orderNo);

      if (approved) expected.available += centsOf(payAmount);
      const detail = await callAs(server, { token: user.token }, CALLS.rechargeDetail, { orderNo });
      expect(detail.body.data.status).toBe(approved ? 'completed' : 'refused');
      await expectAssets(user, expected);
    }
    await expectLedgerOk();
  });

  it('never pays one balance out twice when a withdrawal and an operator debit race for it', async () => {
    for (let round = 0; round < 5; round += 1) {
      const user = await userHolding(100_00);
      const [withdrawal, debit] = await Promise.all([
        withdraw(server, user, '100.00'),
        adjust(server, token, { userId: user.id, account: 'available', amount: '-100.00', reason: 'chargeback' }),
      ]);
      const outcome = [withdrawal, debit].map((a) => (a.status === 200 ? 'OK' : reasonOf(a)));
      expect(outcome.sort()).toEqual(['INSUFFICIENT_BALANCE', 'OK']);
      await expectAssets(user, { available: 0, frozen: withdrawal.status === 200 ? 100_00 : 0 });
    }
    await expectLedgerOk();
  });
});

describe("another user's records", () => {
  it('are not found by order number, exactly like order numbers that do not exist', async () => {
    const owner = await userHolding(200_00);
    const intruder = await registerUser(server);
    const recharge = await requestRecharge(server, owner, '80.00');
    const withdrawal = await withdraw(server, owner, '20.00');
    const rechargeNo = recharge.body.data.orderNo;
    const withdrawalNo = withdrawal.body.data.orderNo;
    const upload = await uploadImage(server, { token: intruder.token, file: TINY_IMAGES.png });
    expect(upload.status).toBe(200);
    const voucher = upload.body.data.url;

    const probes: [string, string, (orderNo: string) => Promise<CallResponse<unknown>>][] = [
      [CALLS.rechargeDetail.path, rechargeNo, (orderNo) => callAs(server, intruder, CALLS.rechargeDetail, { orderNo })],
      [CALLS.withdrawalDetail.path, withdrawalNo, (orderNo) => callAs(server, intruder, CALLS.withdrawalDetail, { orderNo })],
      [CALLS.attachRechargeVoucher.path, rechargeNo, (orderNo) => callAs(server, intruder, CALLS.attachRechargeVoucher, { orderNo, voucher })],
    ];
    for (const [path, orderNo, asIntruder] of probes) {
      const foreign = await asIntruder(orderNo);
      const missing = await asIntruder(`${orderNo.slice(0, -4)}ZZZZ`);
      expect({ status: foreign.status, reason: reasonOf(foreign) }, path).toEqual({ status: 404, reason: 'NOT_FOUND' });
      expect(foreign.body).toEqual(missing.body);
    }

    expect(await rechargesOf(server, intruder)).toEqual([]);
    expect(await withdrawalsOf(server, intruder)).toEqual([]);
    const own = await callAs(server, owner, CALLS.rechargeDetail, { orderNo: rechargeNo });
    expect(own.status).toBe(200);
    expect(own.body.data.voucher).toBeNull();
    expect((await callAs(server, owner, CALLS.withdrawalDetail, { orderNo: withdrawalNo })).status).toBe(200);
  });
});
