import { sql, type Kysely } from 'kysely';
import type { RecordStatus } from '@wallet/contract';
import type { Database, RechargesTable, WithdrawalsTable } from '../../db/schema.js';
import { offsetOf, pageOf, type PageRequest } from '../../db/page.js';
import { reusableStatement } from '../../db/reusable-query.js';
import { AppError } from '../../errors.js';
import { moneyTransaction } from '../../ledger/money-transaction.js';
import { MOVEMENTS } from '../../ledger/movements.js';
import { postTransfer } from '../../ledger/transfer.js';
import { DEFAULT_MAX_BATCH, groupCommit } from '../../ledger/group-commit.js';
import type { DialectName } from '../../db/database.js';
import { decided, reviewRechargeBatch, type RechargeReview, type ReviewInput, type ReviewedRecharge } from './recharge-review-batch.js';
import { recordAudit } from '../../audit/record-audit.js';
import type { LiveEvents } from '../events/index.js';
import { writeMessages } from '../messages/index.js';
import { withdrawalDecidedMessage } from './review-messages.js';
import type { UploadLinks } from '../uploads/index.js';
import { releasePendingSlots } from './pending-slots.js';
import type { RechargeExpiry } from './recharge-expiry.js';
import { rechargeView, withVoucherLink, withdrawalView } from './records.js';

export interface RecordQuery extends PageRequest {
  status?: RecordStatus | undefined;
  /** An order number, a username or a user id. */
  q?: string | undefined;
}


/** Who the record belongs to and who reviewed it, by name. */
interface Names {
  username: string;
  reviewed_by_name: string | null;
}

const NAMES = ['u.username', 'o.username as reviewed_by_name'] as const;

const withNames = (row: { user_id: string } & Names) => ({ userId: row.user_id, username: row.username, reviewedBy: row.reviewed_by_name });
const operatorRecharge = (row: RechargesTable & Names) => ({ ...rechargeView(row), ...withNames(row) });
const operatorWithdrawal = (row: WithdrawalsTable & Names) => ({ ...withdrawalView(row), ...withNames(row), cardNo: row.card_no });

/** The list filters, over a record table aliased `r` joined with its user `u`. */
export function recordFilters(query: Pick<RecordQuery, 'status' | 'q'>) {
  const conditions = [sql<boolean>`1 = 1`];
  if (query.status) conditions.push(sql<boolean>`r.status = ${query.status}`);
  if (query.q) {
    const q = query.q;
    conditions.push(sql<boolean>`(r.order_no = ${q.toUpperCase()} or u.username_key = ${q.toLowerCase()} or r.user_id = ${q})`);
  }
  return sql<boolean>`${sql.join(conditions, sql` and `)}`;
}


/**
 * The decision, written once, returning the record as the list shows it (the
 * answer costs no query of its own); a recharge's extra tenth is free again.
 */
const decisionOf = (table: 'recharges' | 'withdrawals') =>
  reusableStatement(5, (db, status, remark, reviewedAt, operatorId, orderNo) =>
    db
      .updateTable(table)
      .set({ status: status as RecordStatus, remark: remark!, reviewed_at: sql<number>`${reviewedAt}`, reviewed_by: operatorId!, ...(table === 'recharges' ? { match_key: null } : {}) })
      .where('order_no', '=', orderNo!)
      .where('status', '=', 'review')
      .returningAll()
      .returning((eb) => [
        eb.selectFrom('users as u').select('u.username').whereRef('u.id', '=', `${table}.user_id`).$asScalar().as('username'),
        eb.selectFrom('operators as o').select('o.username').where('o.id', '=', operatorId!).$asScalar().as('reviewed_by_name'),
      ]),
  );
const DECISIONS = { recharges: decisionOf('recharges'), withdrawals: decisionOf('withdrawals') };

async function decide(trx: Kysely<Database>, table: 'recharges' | 'withdrawals', input: ReviewInput, operatorId: string, now: number) {
  const { status, remark, reviewed_at } = decided(input, operatorId, now);
  const [row] = await DECISIONS[table](trx, status, remark, reviewed_at, operatorId, input.orderNo);
  return row ?? (await refuseReview(trx, table, input.orderNo));
}

/** Nothing was under review: either it was reviewed already, or there is no such record. */
async function refuseReview(trx: Kysely<Database>, table: 'recharges' | 'withdrawals', orderNo: string): Promise<never> {
  const exists = await trx.selectFrom(table).select('order_no').where('order_no', '=', orderNo).executeTakeFirst();
  throw new AppError(exists ? 'ALREADY_REVIEWED' : 'NOT_FOUND');
}

/** The operators' side of recharges and withdrawals: lists, and a review that changes a status exactly once. */
export interface ReviewServiceDependencies {
  db: Kysely<Database>;
  dialect: DialectName;
  expiry: RechargeExpiry;
  links: UploadLinks;
  liveEvents: LiveEvents;
  /** The most recharge reviews in one transaction; 1 reviews them one by one. */
  maxBatch?: number;
}

export function createReviewService({ db, dialect, expiry, links, liveEvents, maxBatch = DEFAULT_MAX_BATCH }: ReviewServiceDependencies) {
  const rechargeReviews = groupCommit<RechargeReview, ReviewedRecharge>(db, (trx, reviews) => reviewRechargeBatch(trx, dialect, reviews, liveEvents.write), {
    maxBatch,
    afterCommit: () => liveEvents.publish(),
  });
  /** Only finance and admins reach these calls: the voucher comes as a link signed for them. */
  const reviewedRecharge = (row: RechargesTable & Names, now: number) => withVoucherLink(operatorRecharge(row), links, now);

  const recharges = (query: RecordQuery) =>
    db
      .selectFrom('recharges as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .leftJoin('operators as o', 'o.id', 'r.reviewed_by')
      .where(recordFilters(query));
  const withdrawals = (query: RecordQuery) =>
    db
      .selectFrom('withdrawals as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .leftJoin('operators as o', 'o.id', 'r.reviewed_by')
      .where(recordFilters(query));

  async function pageFrom<Row, View>(rows: Promise<Row[]>, count: Promise<{ n: string | number }>, query: RecordQuery, view: (row: Row) => View) {
    const [items, total] = await Promise.all([rows, count]);
    return pageOf(items.map(view), total.n, query);
  }

  async function audit(trx: Kysely<Database>, action: string, operatorId: string, input: ReviewInput, now: number) {
    const { status, remark } = decided(input, operatorId, now);
    await recordAudit(trx, { operatorId, action, target: input.orderNo, before: { status: 'review' }, after: { status, remark } }, now);
  }

  return {
    /** How its batches went, for `/metrics`. */
    groupCommitCounts: rechargeReviews.counts,
    async recharges(query: RecordQuery, now: number) {
      await expiry.catchUp(now);
      const rows = recharges(query).selectAll('r').select(NAMES).orderBy('r.created_at', 'desc').orderBy('r.order_no', 'desc');
      const count = recharges(query).select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
      return pageFrom(rows.limit(query.pageSize).offset(offsetOf(query)).execute(), count, query, (row) => reviewedRecharge(row, now));
    },

    withdrawals(query: RecordQuery) {
      const rows = withdrawals(query).selectAll('r').select(NAMES).orderBy('r.created_at', 'desc').orderBy('r.order_no', 'desc');
      const count = withdrawals(query).select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
      return pageFrom(rows.limit(query.pageSize).offset(offsetOf(query)).execute(), count, query, operatorWithdrawal);
    },

    /** Approving credits payAmount to the user's balance; either way the extra tenth is free again. Reviews that arrive together share one transaction. */
    async reviewRecharge(operatorId: string, input: ReviewInput, now: number) {
      return reviewedRecharge(await rechargeReviews.submit({ operatorId, input, now }), now);
    },

    /** Approving pays amount − fee out and keeps the fee; refusing returns the frozen amount to the balance. */
    async reviewWithdrawal(operatorId: string, input: ReviewInput, now: number) {
      const row = await moneyTransaction(db, async (trx) => {
        const row = (await decide(trx, 'withdrawals', input, operatorId, now)) as WithdrawalsTable & Names;
        await releasePendingSlots(trx, 'withdrawal', [row.user_id]);
        await audit(trx, 'withdrawals/review', operatorId, input, now);
        const amount = Number(row.amount);
        const transfer = input.approve
          ? { kind: 'withdrawal_approved' as const, postings: MOVEMENTS.withdrawal_approved(row.user_id, amount, Number(row.fee)) }
          : { kind: 'withdrawal_refused' as const, postings: MOVEMENTS.withdrawal_refused(row.user_id, amount) };
        await postTransfer(trx, { ...transfer, userId: row.user_id, reference: row.order_no, operatorId }, now);
        await writeMessages(trx, [withdrawalDecidedMessage(row, input.approve)], now);
        await liveEvents.write(trx, [{ type: 'balance', userId: row.user_id, data: { cause: transfer.kind, reference: row.order_no } }], now);
        return row;
      });
      liveEvents.publish();
      return operatorWithdrawal(row);
    },
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;
