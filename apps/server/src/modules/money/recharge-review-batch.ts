import { sql, type Kysely } from 'kysely';
import { recordAudits } from '../../audit/record-audit.js';
import { rowsAsTable } from '../../db/bulk-rows.js';
import type { DialectName } from '../../db/database.js';
import type { Database, RechargesTable } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { accountIdOf, houseAccountOf, userAccount } from '../../ledger/accounts.js';
import { answered, refused, type Outcome } from '../../ledger/group-commit.js';
import { LockedAccounts } from '../../ledger/locked-accounts.js';
import { MOVEMENTS } from '../../ledger/movements.js';
import type { EventDraft } from '../events/index.js';
import { writeMessages } from '../messages/index.js';
import { releasePendingSlots } from './pending-slots.js';
import { rechargeDecidedMessage } from './review-messages.js';

export interface ReviewInput {
  orderNo: string;
  approve: boolean;
  remark: string;
}

/** One `recharges/review` call of a batch. */
export interface RechargeReview {
  operatorId: string;
  input: ReviewInput;
  now: number;
}

/** The record as the console lists it: with its user's name and its reviewer's. */
export type ReviewedRecharge = RechargesTable & { username: string; reviewed_by_name: string | null };

/** The decision, written once: only a record still under review takes it. */
export const decided = (input: ReviewInput, operatorId: string, now: number) => ({
  status: input.approve ? ('completed' as const) : ('refused' as const),
  remark: input.remark,
  reviewed_at: now,
  reviewed_by: operatorId,
});

/** The batch's records with their users' names, locked in order-number order, as a single review locks its one. */
async function lockRecharges(trx: Kysely<Database>, dialect: DialectName, orderNos: string[]): Promise<Map<string, RechargesTable & { username: string }>> {
  let query = trx
    .selectFrom('recharges as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .selectAll('r')
    .select('u.username')
    .where('r.order_no', 'in', [...new Set(orderNos)].sort())
    .orderBy('r.order_no');
  if (dialect === 'postgres') query = query.forUpdate('r');
  return new Map((await query.execute()).map((row) => [row.order_no, row]));
}

async function writeDecisions(trx: Kysely<Database>, dialect: DialectName, rows: RechargesTable[]): Promise<void> {
  if (rows.length === 0) return;
  const source = rowsAsTable(
    dialect,
    [
      ['order_no', 'text'],
      ['status', 'text'],
      ['remark', 'text'],
      ['reviewed_at', 'bigint'],
      ['reviewed_by', 'text'],
    ],
    rows,
  );
  const c = source.column;
  await sql`update recharges set status = ${c('status')}, remark = ${c('remark')}, reviewed_at = ${c('reviewed_at')}, reviewed_by = ${c('reviewed_by')}, match_key = null
    from ${source.from} where recharges.order_no = ${c('order_no')} and recharges.status = 'review'`.execute(trx);
}

/**
 * Reviews of recharges in one transaction, each decided as if alone after the
 * ones before it: a record not under review (reviewed before, or earlier in
 * this batch) is ALREADY_REVIEWED, an unknown one NOT_FOUND. An approval
 * credits payAmount to the user's balance (world → available); either way the
 * extra tenth is free again, an audit line and a message are written, and an
 * approval tells the user's app through a live event.
 */
export async function reviewRechargeBatch(
  trx: Kysely<Database>,
  dialect: DialectName,
  reviews: RechargeReview[],
  writeEvents: (trx: Kysely<Database>, drafts: EventDraft[], now: number) => Promise<void>,
): Promise<Outcome<ReviewedRecharge>[]> {
  const records = await lockRecharges(
    trx,
    dialect,
    reviews.map((review) => review.input.orderNo),
  );
  const operatorIds = [...new Set(reviews.map((review) => review.operatorId))];
  const operators = new Map((await trx.selectFrom('operators').select(['id', 'username']).where('id', 'in', operatorIds).execute()).map((row) => [row.id, row.username]));
  // A record holding an extra tenth frees a slot on its user's row: those rows before any account, as a single review takes them.
  const slotUsers = [...new Set([...records.values()].filter((row) => row.random_decimal === 1 && row.status === 'review').map((row) => row.user_id))].sort();
  if (dialect === 'postgres' && slotUsers.length > 0) await trx.selectFrom('users').select('id').where('id', 'in', slotUsers).orderBy('id').forUpdate().execute();
  const approvedUsers = reviews.flatMap((review) => {
    const record = records.get(review.input.orderNo);
    return record && review.input.approve ? [record.user_id] : [];
  });
  const accounts = await LockedAccounts.lock(
    trx,
    dialect,
    approvedUsers.flatMap((userId) => [accountIdOf(userAccount(userId, 'available')), accountIdOf(houseAccountOf('world', userId))]),
  );

  const decisions: ReviewedRecharge[] = [];
  const outcomes = reviews.map(({ operatorId, input, now }): Outcome<ReviewedRecharge> => {
    const record = records.get(input.orderNo);
    if (!record) return refused(new AppError('NOT_FOUND'));
    if (record.status !== 'review') return refused(new AppError('ALREADY_REVIEWED'));
    const row: ReviewedRecharge = { ...record, ...decided(input, operatorId, now), match_key: null, reviewed_by_name: operators.get(operatorId) ?? null };
    if (input.approve) {
      const postings = MOVEMENTS.recharge_approved(row.user_id, Number(row.pay_amount));
      try {
        accounts.post([{ kind: 'recharge_approved', userId: row.user_id, reference: row.order_no, operatorId, postings }], now);
      } catch (error) {
        if (error instanceof AppError) return refused(error);
        throw error;
      }
    }
    records.set(input.orderNo, row);
    decisions.push(row);
    return answered(row);
  });
  if (decisions.length === 0) return outcomes;

  await writeDecisions(trx, dialect, decisions);
  await releasePendingSlots(
    trx,
    'randomDecimalRecharge',
    decisions.filter((row) => row.random_decimal === 1).map((row) => row.user_id),
  );
  await recordAudits(
    trx,
    decisions.map((row) => ({
      entry: { operatorId: row.reviewed_by!, action: 'recharges/review', target: row.order_no, before: { status: 'review' }, after: { status: row.status, remark: row.remark } },
      now: Number(row.reviewed_at),
    })),
  );
  await writeMessages(
    trx,
    decisions.map((row) => ({ ...rechargeDecidedMessage(row, row.status === 'completed'), at: Number(row.reviewed_at) })),
    Date.now(),
  );
  await accounts.write(trx, dialect);
  const approved = decisions.filter((row) => row.status === 'completed');
  if (approved.length > 0) {
    const drafts: EventDraft[] = approved.map((row) => ({ type: 'balance', userId: row.user_id, data: { cause: 'recharge_approved', reference: row.order_no } }));
    await writeEvents(trx, drafts, Math.max(...approved.map((row) => Number(row.reviewed_at))));
  }
  return outcomes;
}
