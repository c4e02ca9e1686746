import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { RecordStatus } from '@wallet/contract';
import type { Database, RechargesTable, WithdrawalsTable } from '../../db/schema.js';
import { offsetOf, pageOf, type PageRequest } from '../../db/page.js';
import { AppError } from '../../http/app-error.js';
import { MOVEMENTS } from '../../ledger/movements.js';
import { postTransfer } from '../../ledger/transfer.js';
import { recordAudit } from '../admin/audit.js';
import { rechargeView, withdrawalView } from './records.js';

export interface RecordQuery extends PageRequest {
  status?: RecordStatus | undefined;
  q?: string | undefined;
}

export interface ReviewInput {
  orderNo: string;
  approve: boolean;
  remark: string;
}

type Reviewed = { username: string; reviewed_by_name: string | null };

/** The operators' side of recharges and withdrawals: lists, and a review that changes a status exactly once. */
export function createReviewService(db: Kysely<Database>) {
  const operatorRecharge = (row: RechargesTable & Reviewed) => ({
    ...rechargeView(row),
    userId: row.user_id,
    username: row.username,
    reviewedBy: row.reviewed_by_name,
  });
  const operatorWithdrawal = (row: WithdrawalsTable & Reviewed) => ({
    ...withdrawalView(row),
    userId: row.user_id,
    username: row.username,
    reviewedBy: row.reviewed_by_name,
    cardNo: row.card_no,
  });

  function filtered<T extends 'recharges' | 'withdrawals'>(table: T, query: RecordQuery) {
    let rows = (db.selectFrom(table) as unknown as SelectQueryBuilder<Database, 'recharges' | 'withdrawals', object>)
      .innerJoin('users as u', 'u.id', 'user_id')
      .leftJoin('operators as o', 'o.id', 'reviewed_by');
    if (query.status) rows = rows.where('status', '=', query.status);
    if (query.q) {
      const q = query.q;
      rows = rows.where((eb) => eb.or([eb('order_no', '=', q.toUpperCase()), eb('u.username_key', '=', q.toLowerCase()), eb('user_id', '=', q)]));
    }
    return rows;
  }

  async function listOf<T extends 'recharges' | 'withdrawals'>(table: T, query: RecordQuery) {
    const rows = filtered(table, query);
    const [items, count] = await Promise.all([
      rows
        .selectAll(table as 'recharges')
        .select(['u.username', 'o.username as reviewed_by_name'])
        .orderBy('created_at', 'desc')
        .orderBy('order_no', 'desc')
        .limit(query.pageSize)
        .offset(offsetOf(query))
        .execute(),
      rows.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { items: items as unknown as (T extends 'recharges' ? RechargesTable : WithdrawalsTable)[] as never[], total: count.n };
  }

  async function findOne(table: 'recharges' | 'withdrawals', orderNo: string) {
    return filtered(table, { page: 1, pageSize: 1, q: orderNo })
      .selectAll(table as 'recharges')
      .select(['u.username', 'o.username as reviewed_by_name'])
      .where('order_no', '=', orderNo)
      .executeTakeFirstOrThrow();
  }

  /** The status leaves "review" once: the UPDATE itself checks it, so two operators at once cannot both win. */
  async function settle(trx: Kysely<Database>, table: 'recharges' | 'withdrawals', operatorId: string, input: ReviewInput, now: number) {
    const update = trx
      .updateTable(table as 'recharges')
      .set({ status: input.approve ? 'completed' : 'refused', remark: input.remark, reviewed_at: now, reviewed_by: operatorId })
      .where('order_no', '=', input.orderNo)
      .where('status', '=', 'review');
    const row = await (table === 'recharges' ? update.set({ match_key: null }) : update).returningAll().executeTakeFirst();
    if (row) return row as unknown as RechargesTable & WithdrawalsTable;
    const exists = await trx.selectFrom(table).select('order_no').where('order_no', '=', input.orderNo).executeTakeFirst();
    throw new AppError(exists ? 'ALREADY_REVIEWED' : 'NOT_FOUND');
  }

  async function audit(trx: Kysely<Database>, action: string, operatorId: string, input: ReviewInput, now: number) {
    const after = { status: input.approve ? 'completed' : 'refused', remark: input.remark };
    await recordAudit(trx, { operatorId, action, target: input.orderNo, before: { status: 'review' }, after }, now);
  }

  return {
    async recharges(query: RecordQuery) {
      const { items, total } = await listOf('recharges', query);
      return pageOf((items as (RechargesTable & Reviewed)[]).map(operatorRecharge), total, query);
    },

    async withdrawals(query: RecordQuery) {
      const { items, total } = await listOf('withdrawals', query);
      return pageOf((items as (WithdrawalsTable & Reviewed)[]).map(operatorWithdrawal), total, query);
    },

    /** Approving credits payAmount to the user's balance. */
    async reviewRecharge(operatorId: string, input: ReviewInput, now: number) {
      await db.transaction().execute(async (trx) => {
        const row = await settle(trx, 'recharges', operatorId, input, now);
        if (input.approve) {
          const postings = MOVEMENTS.recharge_approved(row.user_id, Number(row.pay_amount));
          await postTransfer(trx, { kind: 'recharge_approved', userId: row.user_id, reference: row.order_no, operatorId, postings }, now);
        }
        await audit(trx, 'recharges/review', operatorId, input, now);
      });
      return operatorRecharge((await findOne('recharges', input.orderNo)) as unknown as RechargesTable & Reviewed);
    },

    /** Approving pays amount − fee out and keeps the fee; refusing returns the frozen amount to the balance. */
    async reviewWithdrawal(operatorId: string, input: ReviewInput, now: number) {
      await db.transaction().execute(async (trx) => {
        const row = await settle(trx, 'withdrawals', operatorId, input, now);
        await trx.updateTable('users').set((eb) => ({ pending_withdrawals: eb('pending_withdrawals', '-', 1) })).where('id', '=', row.user_id).execute();
        const amount = Number(row.amount);
        const transfer = input.approve
          ? { kind: 'withdrawal_approved' as const, postings: MOVEMENTS.withdrawal_approved(row.user_id, amount, Number(row.fee)) }
          : { kind: 'withdrawal_refused' as const, postings: MOVEMENTS.withdrawal_refused(row.user_id, amount) };
        await postTransfer(trx, { ...transfer, userId: row.user_id, reference: row.order_no, operatorId }, now);
        await audit(trx, 'withdrawals/review', operatorId, input, now);
      });
      return operatorWithdrawal((await findOne('withdrawals', input.orderNo)) as unknown as WithdrawalsTable & Reviewed);
    },
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;
