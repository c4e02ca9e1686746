import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/database.js';
import type { ChasePeriodsTable, ChasesTable, Database } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { moneyTransaction } from '../../ledger/money-transaction.js';
import { postTransfers } from '../../ledger/transfer.js';
import type { LiveEvents } from '../events/index.js';
import { chaseReturnedEvent, lockChases, returnOf } from './chase-rows.js';
import { placeOrdersIn, type OrderInput } from './orders.js';
import { writeMessages } from '../messages/index.js';
import { chaseFinishedMessages } from './result-messages.js';

/** Waiting periods looked at per round: a long outage is caught up over a few rounds. */
const PERIODS_PER_ROUND = 500;

/** A chased period with what placing it needs of its chase. */
export type ChasedPeriod = Pick<ChasePeriodsTable, 'chase_no' | 'seq' | 'project_id' | 'period_no' | 'amount'> &
  Pick<ChasesTable, 'user_id' | 'selections' | 'unit_amount' | 'stop_on_win'>;

/**
 * Places a period already marked placed: its orders, priced with the odds in
 * force now and paid from the reserve, linked to the period.
 */
export async function placeChasedPeriodIn(trx: Kysely<Database>, dialect: DialectName, period: ChasedPeriod, now: number, beforePosting?: () => Promise<void>) {
  const selections = JSON.parse(period.selections) as OrderInput['selections'];
  const funding = { from: 'chase' as const, unitAmount: Number(period.unit_amount), ...(beforePosting ? { beforePosting } : {}) };
  const { rows } = await placeOrdersIn(trx, dialect, period.user_id, { projectId: period.project_id, periodNo: period.period_no, selections }, now, funding);
  await trx
    .insertInto('chase_orders')
    .values(rows.map((row) => ({ order_no: row.order_no, chase_no: period.chase_no, seq: period.seq })))
    .execute();
}

/**
 * Waiting → placed, once, whoever tries: the UPDATE's own condition decides.
 * A stop-on-win chase places a period only once no earlier one waits for its
 * draw, so a win can still stop it.
 */
async function claimWaitingPeriod(trx: Kysely<Database>, period: ChasedPeriod, now: number): Promise<boolean> {
  let update = trx
    .updateTable('chase_periods')
    .set({ state: 'placed', placed_at: now })
    .where('chase_no', '=', period.chase_no)
    .where('seq', '=', period.seq)
    .where('state', '=', 'waiting');
  if (period.stop_on_win === 1) {
    update = update.where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('chase_periods as earlier')
            .select('earlier.seq')
            .where('earlier.chase_no', '=', period.chase_no)
            .where('earlier.seq', '<', period.seq)
            .where('earlier.state', '=', 'placed'),
        ),
      ),
    );
  }
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Why a period's orders were refused, as the chase list names it; null for errors that are no refusal (tried again next round). */
function refusalOf(error: unknown): string | null {
  if (!(error instanceof AppError)) return null;
  switch (error.reason) {
    case 'EXPOSURE_LIMIT':
      return 'EXPOSURE_LIMIT';
    case 'NOT_FOUND':
      return 'PROJECT_DISABLED';
    case 'VALIDATION':
      return 'QUANTITY_RANGE';
    case 'PERIOD_CLOSED':
      return 'PERIOD_MISSED';
    default:
      return null;
  }
}

/** Waiting → skipped with its amount back to the balance, once, in one transaction. */
export async function skipWaitingPeriod(db: Kysely<Database>, dialect: DialectName, period: ChasedPeriod, reason: string, now: number, events?: LiveEvents): Promise<boolean> {
  const skipped = await moneyTransaction(db, async (trx) => {
    await lockChases(trx, dialect, [period.chase_no]);
    const skipped = await trx
      .updateTable('chase_periods')
      .set({ state: 'skipped', reason, ended_at: now })
      .where('chase_no', '=', period.chase_no)
      .where('seq', '=', period.seq)
      .where('state', '=', 'waiting')
      .executeTakeFirst();
    if (Number(skipped.numUpdatedRows) !== 1) return false;
    await postTransfers(trx, [returnOf(period.user_id, period.chase_no, period.seq, Number(period.amount))], now);
    await writeMessages(trx, await chaseFinishedMessages(trx, [period.chase_no]), now);
    await events?.write(trx, [chaseReturnedEvent(period.user_id, period.chase_no)], now);
    return true;
  });
  if (skipped) events?.publish();
  return skipped;
}

/**
 * Places a waiting period whose period is open: claimed and ordered in one
 * transaction, so it is either placed with its orders or still waiting. A
 * refusal (exposure limit, project disabled, a quantity now out of range)
 * rolls that back and skips the period instead, returning its amount.
 */
async function placeWaitingPeriod(db: Kysely<Database>, dialect: DialectName, period: ChasedPeriod, now: number, events?: LiveEvents): Promise<void> {
  try {
    await moneyTransaction(db, async (trx) => {
      await lockChases(trx, dialect, [period.chase_no]);
      if (await claimWaitingPeriod(trx, period, now)) await placeChasedPeriodIn(trx, dialect, period, now);
    });
  } catch (error) {
    const reason = refusalOf(error);
    if (reason === null) throw error;
    await skipWaitingPeriod(db, dialect, period, reason, now, events);
  }
}

/**
 * One round of chasing, on every instance after the draws: each waiting
 * period whose period has opened is placed while it is open, and skipped
 * once it has locked unplaced (no instance ran during its window, or a
 * stop-on-win chase was still waiting for the draw before it); a period whose
 * number was never created (the project disabled, its timing changed) is
 * skipped once the time it was expected to lock has passed.
 */
export async function runChaseRound(db: Kysely<Database>, dialect: DialectName, log: FastifyBaseLogger, now: number, events?: LiveEvents): Promise<void> {
  const due = await db
    .selectFrom('chase_periods as cp')
    .innerJoin('chases as c', 'c.chase_no', 'cp.chase_no')
    .leftJoin('periods as p', (join) => join.onRef('p.project_id', '=', 'cp.project_id').onRef('p.period_no', '=', 'cp.period_no'))
    .select(['cp.chase_no', 'cp.seq', 'cp.project_id', 'cp.period_no', 'cp.amount', 'c.user_id', 'c.selections', 'c.unit_amount', 'c.stop_on_win'])
    .select(['p.opens_at', 'p.locks_at', 'p.drawn_at'])
    .where('cp.state', '=', 'waiting')
    .where((eb) =>
      eb.or([
        eb.and([eb('p.opens_at', 'is not', null), eb('p.opens_at', '<=', now)]),
        eb.and([eb('p.opens_at', 'is', null), eb('cp.expected_locks_at', '<=', now)]),
      ]),
    )
    .orderBy('cp.expected_opens_at')
    .orderBy('cp.chase_no')
    .orderBy('cp.seq')
    .limit(PERIODS_PER_ROUND)
    .execute();
  for (const period of due) {
    try {
      const open = period.opens_at !== null && period.drawn_at === null && now < Number(period.locks_at);
      if (open) await placeWaitingPeriod(db, dialect, period, now, events);
      else await skipWaitingPeriod(db, dialect, period, 'PERIOD_MISSED', now, events);
    } catch (error) {
      log.error({ err: error, chaseNo: period.chase_no, periodNo: period.period_no }, 'chase period placement failed');
    }
  }
}
