import { sql, type Kysely, type RawBuilder } from 'kysely';
import { LIMIT_PERIODS, LIMIT_WINDOW_MS, PERMANENT_EXCLUSION_UNTIL, formatMoney, type LimitKind, type LimitPeriod } from '@wallet/contract';
import type { DialectName } from '../../db/database.js';
import type { Database, PlayerLimitsTable, PlayerProtectionTable } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { accountIdOf, userAccount } from '../../ledger/accounts.js';

/**
 * The guard every recharge, order and chase of a user passes, in its own
 * transaction (PRODUCT §12). It locks the user's protection row first, so
 * a user's money writes and protection changes take turns: a limit's check
 * reads the window with the write it allows already in it, and no other
 * write of that user can land between. Time-outs and self-exclusions are
 * read under the same lock, so a chase started while one is being taken is
 * either refused or cancelled by it, never left waiting.
 */

export interface ProtectionState {
  row: PlayerProtectionTable;
  limits: PlayerLimitsTable[];
}

export type PerPeriod<T> = Record<LimitPeriod, T>;

async function selectRow(trx: Kysely<Database>, dialect: DialectName, userId: string) {
  const query = trx.selectFrom('player_protection').selectAll().where('user_id', '=', userId);
  return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

/** The user's protection row, locked until the transaction ends (created on first use), and their limits. */
export async function lockProtection(trx: Kysely<Database>, dialect: DialectName, userId: string): Promise<ProtectionState> {
  let row = await selectRow(trx, dialect, userId);
  if (!row) {
    // Two first uses at once: the second insert waits for the first and does nothing; both then lock the one row.
    await trx.insertInto('player_protection').values({ user_id: userId, reality_check_minutes: 0, timeout_until: null, self_excluded_until: null }).onConflict((oc) => oc.column('user_id').doNothing()).execute();
    row = await selectRow(trx, dialect, userId);
  }
  const limits = await trx.selectFrom('player_limits').selectAll().where('user_id', '=', userId).execute();
  return { row: normalised(row!), limits: limits.map(normalisedLimit) };
}

/** The same, without the lock: for reading. */
export async function readProtection(db: Kysely<Database>, userId: string): Promise<ProtectionState> {
  const [row, limits] = await Promise.all([
    db.selectFrom('player_protection').selectAll().where('user_id', '=', userId).executeTakeFirst(),
    db.selectFrom('player_limits').selectAll().where('user_id', '=', userId).execute(),
  ]);
  return { row: normalised(row ?? { user_id: userId, reality_check_minutes: 0, timeout_until: null, self_excluded_until: null }), limits: limits.map(normalisedLimit) };
}

const numberOrNull = (value: number | string | null) => (value === null ? null : Number(value));

function normalised(row: PlayerProtectionTable): PlayerProtectionTable {
  return { ...row, reality_check_minutes: Number(row.reality_check_minutes), timeout_until: numberOrNull(row.timeout_until), self_excluded_until: numberOrNull(row.self_excluded_until) };
}

function normalisedLimit(row: PlayerLimitsTable): PlayerLimitsTable {
  return { ...row, amount: numberOrNull(row.amount), pending_amount: numberOrNull(row.pending_amount), pending_at: numberOrNull(row.pending_at) };
}

/** The limit in force now: a waiting change applies once its time has come, without anyone saving it. */
export function limitInForce(row: PlayerLimitsTable | undefined, now: number): number | null {
  if (!row) return null;
  return row.pending_at !== null && now >= row.pending_at ? row.pending_amount : row.amount;
}

export function limitsInForce(state: ProtectionState, kind: LimitKind, now: number): PerPeriod<number | null> {
  const of = (period: LimitPeriod) => limitInForce(state.limits.find((row) => row.kind === kind && row.period === period), now);
  return { day: of('day'), week: of('week'), month: of('month') };
}

/** When the user's break from play ends (the later of a time-out and a self-exclusion), or null when none runs now. */
export function breakEnd(row: PlayerProtectionTable, now: number): number | null {
  const end = Math.max(row.timeout_until ?? 0, row.self_excluded_until ?? 0);
  return end > now ? end : null;
}

export function assertMayPlay(state: ProtectionState, now: number): void {
  const until = breakEnd(state.row, now);
  if (until !== null) throw new AppError('SELF_EXCLUDED', { protection: { until, permanent: until === PERMANENT_EXCLUSION_UNTIL } });
}

/** One sum per rolling window, of the rows of the longest. */
const windowSums = (column: RawBuilder<unknown>, now: number) =>
  LIMIT_PERIODS.map((period) => sql<string | number>`coalesce(sum(case when created_at > ${now - LIMIT_WINDOW_MS[period]} then ${column} else 0 end), 0)`.as(period));

/**
 * What each rolling window holds now. Deposits: the amounts asked of the
 * recharges not refused or expired (the extra tenth a random-decimal channel
 * adds to match the payment is not the user's choice, so it is not counted).
 * Losses: ordered − paid out of the window's orders, an undrawn order in
 * full, plus what chases hold reserved for periods still to come.
 */
export async function windowUse(db: Kysely<Database>, kind: LimitKind, userId: string, now: number): Promise<PerPeriod<number>> {
  const since = now - LIMIT_WINDOW_MS.month;
  if (kind === 'deposit') {
    const row = await db
      .selectFrom('recharges')
      .select(windowSums(sql`amount`, now))
      .where('user_id', '=', userId)
      .where('created_at', '>', since)
      .where('status', 'not in', ['refused', 'expired'])
      .executeTakeFirstOrThrow();
    return { day: Number(row.day), week: Number(row.week), month: Number(row.month) };
  }
  const [row, reserve] = await Promise.all([
    db
      .selectFrom('orders')
      .select(windowSums(sql`amount - coalesce(payout, 0)`, now))
      .where('user_id', '=', userId)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow(),
    db.selectFrom('ledger_accounts').select('balance').where('id', '=', accountIdOf(userAccount(userId, 'chase'))).executeTakeFirst(),
  ]);
  const reserved = Number(reserve?.balance ?? 0);
  return { day: Number(row.day) + reserved, week: Number(row.week) + reserved, month: Number(row.month) + reserved };
}

/**
 * After the write, in its transaction and under the lock: the windows with
 * the new amount in them must stay within every limit in force, else the
 * whole write is refused (DEPOSIT_LIMIT or LOSS_LIMIT, naming the tightest
 * limit and what it still takes).
 */
export async function assertWithinLimits(
  trx: Kysely<Database>,
  state: ProtectionState,
  kind: LimitKind,
  userId: string,
  amount: number,
  now: number,
  /** Written in this transaction but not inserted yet (a batch's earlier writes and this one): windows hold it too. */
  notInserted = 0,
): Promise<void> {
  const limits = limitsInForce(state, kind, now);
  if (LIMIT_PERIODS.every((period) => limits[period] === null)) return;
  const inserted = await windowUse(trx, kind, userId, now);
  const use = { day: inserted.day + notInserted, week: inserted.week + notInserted, month: inserted.month + notInserted };
  let passed: { period: LimitPeriod; limit: number; remaining: number } | null = null;
  for (const period of LIMIT_PERIODS) {
    const limit = limits[period];
    if (limit === null || use[period] <= limit) continue;
    const remaining = Math.max(0, limit - (use[period] - amount));
    if (!passed || remaining < passed.remaining) passed = { period, limit, remaining };
  }
  if (!passed) return;
  throw new AppError(kind === 'deposit' ? 'DEPOSIT_LIMIT' : 'LOSS_LIMIT', {
    protection: { limit: { kind, period: passed.period, amount: formatMoney(passed.limit), remaining: formatMoney(passed.remaining) } },
  });
}

/**
 * The guard of a batch of money writes: the protection rows of all its users,
 * locked in user order (as one write takes its one row first), and their
 * limits. Each write then passes `assertMayPlay` and `assertWithinLimits`.
 */
export async function lockProtections(trx: Kysely<Database>, dialect: DialectName, userIds: string[]): Promise<Map<string, ProtectionState>> {
  const users = [...new Set(userIds)].sort();
  const select = () => {
    const query = trx.selectFrom('player_protection').selectAll().where('user_id', 'in', users).orderBy('user_id');
    return (dialect === 'postgres' ? query.forUpdate() : query).execute();
  };
  let rows = await select();
  if (rows.length < users.length) {
    const found = new Set(rows.map((row) => row.user_id));
    const missing = users.filter((user) => !found.has(user));
    await trx
      .insertInto('player_protection')
      .values(missing.map((user_id) => ({ user_id, reality_check_minutes: 0, timeout_until: null, self_excluded_until: null })))
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    rows = await select();
  }
  const limits = await trx.selectFrom('player_limits').selectAll().where('user_id', 'in', users).execute();
  return new Map(rows.map((row) => [row.user_id, { row: normalised(row), limits: limits.filter((limit) => limit.user_id === row.user_id).map(normalisedLimit) }]));
}

/** For a recharge, an order or a chase: locks, refuses during a break, and gives the check to run once the write is in. */
export async function guardMoneyWrite(trx: Kysely<Database>, dialect: DialectName, userId: string, kind: LimitKind, now: number) {
  const state = await lockProtection(trx, dialect, userId);
  assertMayPlay(state, now);
  return { afterWrite: (amount: number) => assertWithinLimits(trx, state, kind, userId, amount, now) };
}
