import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CALLS, WITHDRAWAL_PENDING_LIMIT, formatMoney, parseFeeRate, withdrawalFeeCents, type Reason } from '@wallet/contract';
import { PAY_PASSWORD_MAX_FAILURES } from '../modules/money/pay-password.js';
import { RANDOM_DECIMAL_PENDING_LIMIT } from '../modules/money/pending-slots.js';
import { operatorToken, otherCode, registerUser, startClockedServer, type ClockedServer, type RegisteredUser } from '../testing/accounts.js';
import { FIRST_CHANNEL_ID, openTestChannel, assetsOf, fund, requestRecharge, review, verifyLedger, withdraw, allowLargeAdjustments } from '../testing/money.js';
import { adjust, centsOf, statementOf, userIdOf } from '../testing/money-load.js';
import type { CallResponse } from '../testing/test-server.js';
import { callAs, errorOf, reasonOf } from '../testing/typed-call.js';

/*
 * Random sequences of money calls by a few users and the operator, against a
 * model that knows only what each call should do to a user's balance, freeze
 * and credit points. After every step the ledger proves itself and every
 * user's assets equal the model's.
 */

const RUNS = 40;
const MAX_STEPS = 12;
/** Payment password checks per user and minute (a burst of guesses is cut off after these). */
/** A random-decimal channel asks for the amount plus one of these. */
const EXTRA_TENTHS = [10, 20, 30, 40, 50, 60, 70, 80, 90];

interface Holder {
  user: RegisteredUser;
  id: string;
  available: number;
  frozen: number;
  coin: number;
  recharged: number;
  withdrawn: number;
  pendingWithdrawals: number;
  payFailures: number;
  payLocked: boolean;
}

interface UnderReview {
  orderNo: string;
  holder: Holder;
  /** A recharge's payAmount, a withdrawal's amount, in cents. */
  cents: number;
}

interface Model {
  holders: Holder[];
  recharges: UnderReview[];
  withdrawals: UnderReview[];
  reviewed: { kind: 'recharges' | 'withdrawals'; orderNo: string }[];
}

interface Limits {
  recharge: { min: number; max: number };
  withdrawal: { min: number; max: number; feeBasisPoints: number };
}

interface Real {
  server: ClockedServer;
  token: string;
}

let server: ClockedServer;
let token: string;
let limits: Limits;

beforeAll(async () => {
  server = await startClockedServer();
  token = await operatorToken(server);
  await openTestChannel(server, token);
  await allowLargeAdjustments(server);
  const reader = await registerUser(server);
  const channels = await callAs(server, { token: reader.token }, CALLS.rechargeChannels, {});
  const channel = channels.body.data.find((c) => c.id === FIRST_CHANNEL_ID)!;
  const info = await callAs(server, { token: reader.token }, CALLS.withdrawInfo, {});
  limits = {
    recharge: { min: centsOf(channel.minAmount), max: centsOf(channel.maxAmount) },
    withdrawal: { min: centsOf(info.body.data.minAmount), max: centsOf(info.body.data.maxAmount), feeBasisPoints: parseFeeRate(info.body.data.feeRate)! },
  };
  expect(limits.recharge).toEqual({ min: 10_00, max: 50_000_00 });
});
afterAll(async () => server.close());

function expectRefusal(response: CallResponse<unknown>, status: number, reason: Reason): void {
  expect({ status: response.status, reason: reasonOf(response) }, JSON.stringify(response.body)).toEqual({ status, reason });
}

const pick = <T>(items: T[], index: number): T => items[index % items.length]!;

/** The ledger proves itself and every user's assets are the model's. */
async function expectModel(model: Model, real: Real): Promise<void> {
  const report = await verifyLedger(real.server, real.token);
  expect(report.problems).toEqual([]);
  expect(report.ok).toBe(true);
  await Promise.all(
    model.holders.map(async (holder) => {
      const assets = await assetsOf(real.server, holder.user);
      expect({
        balance: assets.balance,
        freeze: assets.freeze,
        coin: assets.coin,
        recharged: assets.totals['recharged'],
        withdrawn: assets.totals['withdrawn'],
      }).toEqual({
        balance: formatMoney(holder.available),
        freeze: formatMoney(holder.frozen),
        coin: holder.coin,
        recharged: formatMoney(holder.recharged),
        withdrawn: formatMoney(holder.withdrawn),
      });
    }),
  );
}

type MoneyCommand = fc.AsyncCommand<Model, Real>;

class RequestRecharge implements MoneyCommand {
  constructor(
    readonly who: number,
    readonly cents: number,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const holder = pick(model.holders, this.who);
    const asked = new Set(model.recharges.map((r) => r.cents));
    const free = EXTRA_TENTHS.filter((extra) => !asked.has(this.cents + extra));
    const holding = model.recharges.filter((r) => r.holder === holder).length;
    const response = await requestRecharge(real.server, holder.user, formatMoney(this.cents));
    // In the order the server checks: the user's own recharges under review, then the free tenths of the amount.
    if (holding >= RANDOM_DECIMAL_PENDING_LIMIT) {
      expectRefusal(response, 422, 'RECHARGE_PENDING_LIMIT');
    } else if (free.length === 0) {
      expectRefusal(response, 422, 'RECHARGE_AMOUNT_BUSY');
    } else {
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      const { orderNo, amount, payAmount, status } = response.body.data;
      expect({ amount, status }).toEqual({ amount: formatMoney(this.cents), status: 'review' });
      expect(free).toContain(centsOf(payAmount) - this.cents);
      model.recharges.push({ orderNo, holder, cents: centsOf(payAmount) });
    }
    await expectModel(model, real);
  }
  toString = () => `recharge(user ${this.who}, ${formatMoney(this.cents)})`;
}

/** Reviews one of the records under review of this kind and moves it to the reviewed ones; answers it. */
async function reviewPending(
  model: Model,
  real: Real,
  kind: 'recharges' | 'withdrawals',
  which: number,
  approve: boolean,
  refusalRemark: string,
): Promise<UnderReview> {
  const pending = model[kind];
  const record = pick(pending, which);
  const response = await review(real.server, real.token, kind, record.orderNo, approve, approve ? '' : refusalRemark);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.body.data.status).toBe(approve ? 'completed' : 'refused');
  pending.splice(pending.indexOf(record), 1);
  model.reviewed.push({ kind, orderNo: record.orderNo });
  return record;
}

class ReviewRecharge implements MoneyCommand {
  constructor(
    readonly which: number,
    readonly approve: boolean,
  ) {}
  check = (model: Readonly<Model>) => model.recharges.length > 0;
  async run(model: Model, real: Real) {
    const recharge = await reviewPending(model, real, 'recharges', this.which, this.approve, 'no payment arrived');
    if (this.approve) {
      recharge.holder.available += recharge.cents;
      recharge.holder.recharged += recharge.cents;
    }
    await expectModel(model, real);
  }
  toString = () => `${this.approve ? 'approve' : 'refuse'} recharge #${this.which}`;
}

class Withdraw implements MoneyCommand {
  constructor(
    readonly who: number,
    /** The amount as a share of the balance, in thousandths: above 1000 asks for more than there is. */
    readonly share: number,
    readonly wrongPassword: boolean,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const holder = pick(model.holders, this.who);
    const { min, max, feeBasisPoints } = limits.withdrawal;
    const cents = Math.min(max, Math.max(min, Math.floor((holder.available * this.share) / 1000)));
    const response = await withdraw(real.server, holder.user, formatMoney(cents), this.wrongPassword ? { payPassword: otherCode(holder.user.payPassword) } : {});
    const refusal = this.expectedRefusal(holder, cents);
    if (refusal) {
      expectRefusal(response, refusal.status, refusal.reason);
    } else {
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      const fee = withdrawalFeeCents(cents, feeBasisPoints);
      expect(response.body.data).toMatchObject({ amount: formatMoney(cents), fee: formatMoney(fee), arrival: formatMoney(cents - fee), status: 'review' });
      holder.available -= cents;
      holder.frozen += cents;
      holder.pendingWithdrawals += 1;
      model.withdrawals.push({ orderNo: response.body.data.orderNo, holder, cents });
    }
    await expectModel(model, real);
  }
  /** In the order the server checks: the lock, the password, the pending limit, the balance. */
  private expectedRefusal(holder: Holder, cents: number): { status: number; reason: Reason } | null {
    if (holder.payLocked) return { status: 429, reason: 'PAY_PASSWORD_LOCKED' };
    if (this.wrongPassword) {
      holder.payFailures += 1;
      if (holder.payFailures < PAY_PASSWORD_MAX_FAILURES) return { status: 422, reason: 'PAY_PASSWORD_WRONG' };
      holder.payLocked = true;
      return { status: 429, reason: 'PAY_PASSWORD_LOCKED' };
    }
    holder.payFailures = 0;
    if (holder.pendingWithdrawals >= WITHDRAWAL_PENDING_LIMIT) return { status: 422, reason: 'WITHDRAWAL_PENDING_LIMIT' };
    if (cents > holder.available) return { status: 422, reason: 'INSUFFICIENT_BALANCE' };
    return null;
  }
  toString = () => `withdraw(user ${this.who}, ${this.share / 10}% of the balance${this.wrongPassword ? ', wrong payment password' : ''})`;
}

class ReviewWithdrawal implements MoneyCommand {
  constructor(
    readonly which: number,
    readonly approve: boolean,
  ) {}
  check = (model: Readonly<Model>) => model.withdrawals.length > 0;
  async run(model: Model, real: Real) {
    const withdrawal = await reviewPending(model, real, 'withdrawals', this.which, this.approve, 'card details do not match');
    const holder = withdrawal.holder;
    holder.frozen -= withdrawal.cents;
    holder.pendingWithdrawals -= 1;
    if (this.approve) holder.withdrawn += withdrawal.cents;
    else holder.available += withdrawal.cents;
    await expectModel(model, real);
  }
  toString = () => `${this.approve ? 'approve' : 'refuse'} withdrawal #${this.which}`;
}

class ReviewAgain implements MoneyCommand {
  constructor(
    readonly which: number,
    readonly approve: boolean,
  ) {}
  check = (model: Readonly<Model>) => model.reviewed.length > 0;
  async run(model: Model, real: Real) {
    const done = pick(model.reviewed, this.which);
    const response = await review(real.server, real.token, done.kind, done.orderNo, this.approve, this.approve ? '' : 'second thoughts');
    expectRefusal(response, 409, 'ALREADY_REVIEWED');
    await expectModel(model, real);
  }
  toString = () => `${this.approve ? 'approve' : 'refuse'} reviewed record #${this.which} again`;
}

class Adjust implements MoneyCommand {
  constructor(
    readonly who: number,
    readonly account: 'available' | 'coin',
    /** Positive: added (cents or points). Negative: taken, in thousandths of what the account holds (below -1000 more than it holds). */
    readonly change: number,
    readonly retried: boolean,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const holder = pick(model.holders, this.who);
    const held = this.account === 'available' ? holder.available : holder.coin;
    const amount = this.change > 0 ? this.change : -Math.max(1, Math.floor((held * -this.change) / 1000));
    const text = this.account === 'available' ? formatMoney(amount) : String(amount);
    // Without a requestId the same fields soon after are a retry: each command is an action of its own.
    const fields = { userId: holder.id, account: this.account, amount: text, reason: 'model adjustment', requestId: randomUUID() };
    const response = await adjust(real.server, real.token, fields);
    if (held + amount < 0) {
      expectRefusal(response, 422, 'INSUFFICIENT_BALANCE');
    } else {
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      const after = held + amount;
      expect(response.body.data).toMatchObject({ account: this.account, amount: text, balance: this.account === 'available' ? formatMoney(after) : String(after) });
      if (this.account === 'available') holder.available = after;
      else holder.coin = after;
    }
    if (this.retried) {
      const again = await adjust(real.server, real.token, fields);
      expect({ status: again.status, data: again.body.data }).toEqual({ status: response.status, data: response.body.data });
    }
    await expectModel(model, real);
  }
  toString = () => `adjust(user ${this.who}, ${this.account}, ${this.change > 0 ? `+${this.change}` : `${this.change / 10}% of it`}${this.retried ? ', sent twice' : ''})`;
}

/** Two or three users, most of them starting with an approved recharge so withdrawals have something to take. */
const openingRecharges = () =>
  fc.array(fc.option(fc.integer({ min: limits.recharge.min, max: limits.recharge.max }), { nil: null, freq: 4 }), { minLength: 2, maxLength: 3 });

/** Operators approve more often than they refuse. */
const approval = () => fc.integer({ min: 0, max: 3 }).map((roll) => roll !== 0);

function commandArbitraries(): fc.Arbitrary<MoneyCommand>[] {
  const who = fc.nat({ max: 2 });
  const which = fc.nat({ max: 5 });
  const recharge = fc.tuple(who, fc.integer({ min: limits.recharge.min, max: limits.recharge.max })).map(([w, cents]) => new RequestRecharge(w, cents));
  const reviewRecharge = fc.tuple(which, approval()).map(([i, approve]) => new ReviewRecharge(i, approve));
  const withdrawal = fc
    .tuple(who, fc.integer({ min: 1, max: 1500 }), fc.integer({ min: 0, max: 9 }))
    .map(([w, share, roll]) => new Withdraw(w, share, roll === 0));
  const reviewWithdrawal = fc.tuple(which, approval()).map(([i, approve]) => new ReviewWithdrawal(i, approve));
  const reviewAgain = fc.tuple(which, fc.boolean()).map(([i, approve]) => new ReviewAgain(i, approve));
  const adjustment = fc
    .tuple(
      who,
      fc.constantFrom('available' as const, 'coin' as const),
      fc.oneof(fc.integer({ min: 1, max: 2_000_00 }), fc.integer({ min: -1500, max: -1 })),
      fc.boolean(),
    )
    .map(([w, account, change, retried]) => new Adjust(w, account, account === 'coin' && change > 0 ? Math.ceil(change / 100) : change, retried));
  return [recharge, recharge, reviewRecharge, reviewRecharge, withdrawal, withdrawal, reviewWithdrawal, adjustment, adjustment, reviewAgain];
}

/** A fresh user, with an approved opening recharge of `opening` cents when given. */
async function newHolder(opening: number | null = null): Promise<Holder> {
  const user = await registerUser(server);
  const id = await userIdOf(server, token, user);
  const credited = opening === null ? 0 : centsOf((await fund(server, token, user, formatMoney(opening))).payAmount);
  return { user, id, available: credited, frozen: 0, coin: 0, recharged: credited, withdrawn: 0, pendingWithdrawals: 0, payFailures: 0, payLocked: false };
}

/** The statement is each account's history: oldest to newest, every balanceAfter is the running sum, ending at the balance. */
async function expectStatementAddsUp(holder: Holder): Promise<void> {
  const entries = (await statementOf(server, holder.user)).reverse();
  const running = { available: 0, frozen: 0, chase: 0, coin: 0 };
  for (const entry of entries) {
    const amount = entry.account === 'coin' ? Number(entry.amount) : centsOf(entry.amount);
    running[entry.account] += amount;
    const after = entry.account === 'coin' ? Number(entry.balanceAfter) : centsOf(entry.balanceAfter);
    expect(after, JSON.stringify(entry)).toBe(running[entry.account]);
    expect(after).toBeGreaterThanOrEqual(0);
  }
  expect(running).toEqual({ available: holder.available, frozen: holder.frozen, chase: 0, coin: holder.coin });
}

it('keeps every balance, freeze and credit point where a simple model says, and the ledger proves itself after every step', async () => {
  await fc.assert(
    fc.asyncProperty(openingRecharges(), fc.commands(commandArbitraries(), { maxCommands: MAX_STEPS, size: 'max' }), async (openings, commands) => {
      const holders = await Promise.all(openings.map(newHolder));
      const model: Model = { holders, recharges: [], withdrawals: [], reviewed: [] };
      try {
        await fc.asyncModelRun(() => ({ model, real: { server, token } }), commands);
        for (const holder of holders) await expectStatementAddsUp(holder);
      } finally {
        // Recharges left under review would hold their extra tenths against the next run.
        for (const recharge of model.recharges) await review(server, token, 'recharges', recharge.orderNo, false, 'run over');
      }
    }),
    { numRuns: RUNS },
  );
  const report = await verifyLedger(server, token);
  expect(report).toMatchObject({ ok: true, problems: [] });
}, 180_000);

it('refuses withdrawal amounts outside the published limits and moves nothing', async () => {
  const holder = await newHolder();
  const below = await withdraw(server, holder.user, formatMoney(limits.withdrawal.min - 1));
  expectRefusal(below, 400, 'VALIDATION');
  expect(errorOf(below).fields).toHaveProperty('amount');
  const above = await withdraw(server, holder.user, formatMoney(limits.withdrawal.max + 1));
  expectRefusal(above, 400, 'VALIDATION');
  const model: Model = { holders: [holder], recharges: [], withdrawals: [], reviewed: [] };
  await expectModel(model, { server, token });
});
