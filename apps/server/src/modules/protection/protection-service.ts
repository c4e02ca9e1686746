import type { Kysely } from 'kysely';
import {
  LIMIT_KINDS,
  LIMIT_PERIODS,
  LIMIT_RAISE_DELAY_MS,
  PERMANENT_EXCLUSION_UNTIL,
  formatMoney,
  selfExclusionEnd,
  timeoutEnd,
  type LimitKind,
  type LimitPeriod,
  type PlayerProtection,
  type RealityCheckMinutes,
  type SelfExclusionMonths,
  type TimeoutDays,
} from '@wallet/contract';
import type { DialectName } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { moneyTransaction } from '../../ledger/money-transaction.js';
import type { LiveEvents } from '../events/index.js';
import type { RateLimiter } from '../rate-limit/index.js';
import { confirmPassword, findUserById } from '../users/index.js';
import { limitInForce, limitsInForce, lockProtection, readProtection, windowUse, type ProtectionState } from './protection-lock.js';
import { recordProtectionChange } from './protection-changes.js';

const money = (cents: number | null) => (cents === null ? null : formatMoney(cents));

/** The protection as `user/limits` answers it, and operators read it on the user. */
export async function protectionView(db: Kysely<Database>, state: ProtectionState, userId: string, now: number): Promise<PlayerProtection> {
  const [deposit, loss] = await Promise.all([windowUse(db, 'deposit', userId, now), windowUse(db, 'loss', userId, now)]);
  const perPeriod = (values: Record<LimitPeriod, number | null>) => ({ day: money(values.day), week: money(values.week), month: money(values.month) });
  const used = (values: Record<LimitPeriod, number>) => ({ day: formatMoney(values.day), week: formatMoney(values.week), month: formatMoney(values.month) });
  const pending = state.limits
    .filter((row) => row.pending_at !== null && row.pending_at > now)
    .sort((a, b) => LIMIT_KINDS.indexOf(a.kind) - LIMIT_KINDS.indexOf(b.kind) || LIMIT_PERIODS.indexOf(a.period) - LIMIT_PERIODS.indexOf(b.period))
    .map((row) => ({ kind: row.kind, period: row.period, amount: money(row.pending_amount), effectiveAt: row.pending_at! }));
  const timeout = state.row.timeout_until !== null && state.row.timeout_until > now ? state.row.timeout_until : null;
  const excluded = state.row.self_excluded_until !== null && state.row.self_excluded_until > now ? state.row.self_excluded_until : null;
  return {
    deposit: perPeriod(limitsInForce(state, 'deposit', now)),
    loss: perPeriod(limitsInForce(state, 'loss', now)),
    realityCheckMinutes: state.row.reality_check_minutes,
    pending,
    timeoutUntil: timeout,
    selfExcludedUntil: excluded,
    selfExcludedPermanent: excluded === PERMANENT_EXCLUSION_UNTIL,
    used: { deposit: used(deposit), loss: used(loss) },
  };
}

export type LimitChange = { kind: LimitKind; period: LimitPeriod; amount: number | null } | { kind: 'realityCheck'; minutes: RealityCheckMinutes };

export interface ProtectionServiceDependencies {
  db: Kysely<Database>;
  dialect: DialectName;
  limiter: RateLimiter;
  liveEvents: LiveEvents;
  /** Cancels and refunds every waiting chase of the user in the caller's transaction (the game's, which takes the chases' locks); answers their numbers. */
  cancelWaitingChases: (trx: Kysely<Database>, userId: string, now: number) => Promise<string[]>;
}

/**
 * Limits, time-outs and self-exclusion as the user sets them (PRODUCT §12).
 * Each change runs under the protection row's lock, writes its trail in the
 * same transaction, and can only make play safer at once: a higher or removed
 * limit waits 24 hours, and nothing shortens a break.
 */
export function createProtectionService({ db, dialect, limiter, liveEvents, cancelWaitingChases }: ProtectionServiceDependencies) {
  /** Under the lock: the change, its trail, then the view read in the same transaction (the lock is still held). */
  function change(userId: string, now: number, work: (trx: Kysely<Database>, state: ProtectionState) => Promise<void>): Promise<PlayerProtection> {
    return moneyTransaction(db, async (trx) => {
      await work(trx, await lockProtection(trx, dialect, userId));
      return protectionView(trx, await readProtection(trx, userId), userId, now);
    });
  }

  /** A break, then the live events of the chases it returned, once they are committed. */
  async function takeBreak(userId: string, now: number, column: 'timeout_until' | 'self_excluded_until', until: number): Promise<PlayerProtection> {
    const view = await change(userId, now, (trx, state) => startBreak(trx, state, userId, column, until, now));
    liveEvents.publish();
    return view;
  }

  async function saveLimit(trx: Kysely<Database>, state: ProtectionState, userId: string, input: { kind: LimitKind; period: LimitPeriod; amount: number | null }, now: number) {
    const row = state.limits.find((limit) => limit.kind === input.kind && limit.period === input.period);
    const inForce = limitInForce(row, now);
    const waiting = row && row.pending_at !== null && row.pending_at > now ? { amount: row.pending_amount, at: row.pending_at } : null;
    const safer = input.amount !== null && (inForce === null || input.amount <= inForce);
    let next: { amount: number | null; pending_amount: number | null; pending_at: number | null };
    // The limit in force asked again (none when none is), or a safer one: at once, and nothing waits.
    if (safer || input.amount === inForce) next = { amount: input.amount, pending_amount: null, pending_at: null };
    // Asking again for the change that already waits keeps its time: a retry must not push it back.
    else if (waiting && waiting.amount === input.amount) next = { amount: inForce, pending_amount: waiting.amount, pending_at: waiting.at };
    else next = { amount: inForce, pending_amount: input.amount, pending_at: now + LIMIT_RAISE_DELAY_MS };
    await trx
      .insertInto('player_limits')
      .values({ user_id: userId, kind: input.kind, period: input.period, ...next })
      .onConflict((oc) => oc.columns(['user_id', 'kind', 'period']).doUpdateSet(next))
      .execute();
    await recordProtectionChange(
      trx,
      userId,
      `limit.${input.kind}.${input.period}`,
      { amount: money(inForce), pending: waiting ? { amount: money(waiting.amount), effectiveAt: waiting.at } : null },
      { amount: money(next.amount), pending: next.pending_at === null ? null : { amount: money(next.pending_amount), effectiveAt: next.pending_at } },
      now,
    );
  }

  /** A break: the later end wins (nothing shortens one), and every waiting chase is cancelled and refunded in the same transaction. */
  async function startBreak(trx: Kysely<Database>, state: ProtectionState, userId: string, column: 'timeout_until' | 'self_excluded_until', until: number, now: number) {
    // A break that has already ended counts as none, before and after alike.
    const running = state.row[column];
    const before = running !== null && running > now ? running : null;
    const after = Math.max(before ?? 0, until);
    await trx.updateTable('player_protection').set({ [column]: after }).where('user_id', '=', userId).execute();
    const chasesCancelled = await cancelWaitingChases(trx, userId, now);
    await recordProtectionChange(trx, userId, column === 'timeout_until' ? 'timeout' : 'selfExclusion', { until: before }, { until: after, chasesCancelled }, now);
  }

  return {
    view: (userId: string, now: number) => readProtection(db, userId).then((state) => protectionView(db, state, userId, now)),

    save(userId: string, input: LimitChange, now: number) {
      return change(userId, now, async (trx, state) => {
        if (input.kind !== 'realityCheck') return saveLimit(trx, state, userId, input, now);
        await trx.updateTable('player_protection').set({ reality_check_minutes: input.minutes }).where('user_id', '=', userId).execute();
        await recordProtectionChange(trx, userId, 'realityCheck', { minutes: state.row.reality_check_minutes }, { minutes: input.minutes }, now);
      });
    },

    timeout: (userId: string, days: TimeoutDays, now: number) => takeBreak(userId, now, 'timeout_until', timeoutEnd(now, days)),

    async selfExclude(userId: string, input: { months: SelfExclusionMonths; password: string }, now: number) {
      const user = await findUserById(db, userId);
      if (!user) throw new AppError('SESSION_INVALID');
      await confirmPassword(limiter, user, input.password, 'password', now);
      return takeBreak(userId, now, 'self_excluded_until', selfExclusionEnd(now, input.months));
    },

    /** Since this session signed in: what was ordered, paid out, and the net result. */
    async realityCheck(userId: string, signedInAt: number, now: number) {
      const [state, totals] = await Promise.all([
        readProtection(db, userId),
        db
          .selectFrom('orders')
          .select((eb) => [eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.val(0)).as('ordered'), eb.fn.coalesce(eb.fn.sum<number>('payout'), eb.val(0)).as('paid_out')])
          .where('user_id', '=', userId)
          .where('created_at', '>=', signedInAt)
          .executeTakeFirstOrThrow(),
      ]);
      const ordered = Number(totals.ordered);
      const paidOut = Number(totals.paid_out);
      return {
        signedInAt,
        serverTime: now,
        minutes: state.row.reality_check_minutes,
        ordered: formatMoney(ordered),
        paidOut: formatMoney(paidOut),
        net: formatMoney(paidOut - ordered),
      };
    },
  };
}

export type ProtectionService = ReturnType<typeof createProtectionService>;
