import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { CallResult, adjustUser } from '@wallet/contract';
import { offsetOf, pageOf, type PageRequest } from '../../db/page.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { accountIdOf, balancesOf, formatAccountAmount, userAccount } from '../../ledger/accounts.js';
import type { Idempotency } from '../../ledger/idempotency.js';
import { moneyTransaction } from '../../ledger/money-transaction.js';
import { MOVEMENTS } from '../../ledger/movements.js';
import { postTransfer } from '../../ledger/transfer.js';
import { recordAudit } from '../../audit/record-audit.js';
import { decideOnce } from '../../security/second-operator.js';
import type { LiveEvents } from '../events/index.js';
import { writeMessages } from '../messages/index.js';
import type { SettingsService } from '../settings/index.js';
import { newOrderNo } from '../../ledger/order-numbers.js';

export interface AdjustmentInput {
  userId: string;
  account: 'available' | 'coin';
  /** Cents for the balance; for credit points the same number read as points × 100. */
  amount: number;
  reason: string;
  requestId?: string | undefined;
}

type AdjustmentAnswer = CallResult<typeof adjustUser>;

const DAY_MS = 24 * 60 * 60 * 1000;

interface Adjustment {
  userId: string;
  account: 'available' | 'coin';
  /** Cents, or whole points. */
  amount: number;
  reason: string;
}

/**
 * An operator's correction: a transfer of its own with the reason the user
 * reads in the statement, and an audit line. A correction past the approval
 * threshold is only proposed (PRODUCT §9, four eyes): a second operator's
 * approval moves it, exactly once.
 */
export function createAdjustmentService(db: Kysely<Database>, idempotency: Idempotency, settings: SettingsService, liveEvents: LiveEvents) {
  async function post(trx: Kysely<Database>, operatorId: string, adjustment: Adjustment, now: number) {
    const reference = newOrderNo('adjustment', now);
    const posted = await postTransfer(
      trx,
      { kind: 'adjustment', userId: adjustment.userId, reference, memo: adjustment.reason, operatorId, postings: MOVEMENTS.adjustment(adjustment.userId, adjustment.account, adjustment.amount) },
      now,
    );
    const balance = posted.balances.get(accountIdOf(userAccount(adjustment.userId, adjustment.account))) ?? 0;
    const params = { account: adjustment.account, amount: adjustment.amount, note: adjustment.reason };
    await writeMessages(trx, [{ userId: adjustment.userId, ref: reference, kind: 'adjustment', params }], now);
    return { transferId: posted.id, balance, reference };
  }

  /** Last in the adjustment's transaction: the user's app hears of it once it committed. */
  const tellUser = (trx: Kysely<Database>, userId: string, reference: string, now: number) =>
    liveEvents.write(trx, [{ type: 'balance', userId, data: { cause: 'adjustment', reference } }], now);

  async function adjustNow(trx: Kysely<Database>, operatorId: string, adjustment: Adjustment, now: number) {
    const { transferId, balance, reference } = await post(trx, operatorId, adjustment, now);
    const result = {
      status: 'done' as const,
      userId: adjustment.userId,
      account: adjustment.account,
      amount: formatAccountAmount(adjustment.account, adjustment.amount),
      balance: formatAccountAmount(adjustment.account, balance),
      transferId,
      adjustmentId: null,
    };
    await recordAudit(
      trx,
      {
        operatorId,
        action: 'users/adjust',
        target: `user:${adjustment.userId}`,
        before: { account: adjustment.account, balance: formatAccountAmount(adjustment.account, balance - adjustment.amount) },
        after: { ...result, reason: adjustment.reason },
      },
      now,
    );
    await tellUser(trx, adjustment.userId, reference, now);
    return result;
  }

  /**
   * Four eyes bounds what moves on one user's account in a day without a
   * second operator: what every operator moved there unapproved in the last
   * 24 hours counts with the new amount, so neither splitting a correction
   * nor sharing it among operators gets round the threshold. Credit points
   * count as whole units (1 000 points weigh as 1 000.00). The user's row is
   * locked first, so parallel adjustments count each other.
   */
  async function needsSecondOperator(trx: Kysely<Database>, adjustment: Adjustment, now: number): Promise<boolean> {
    await trx.updateTable('users').set((eb) => ({ updated_at: eb.ref('updated_at') })).where('id', '=', adjustment.userId).execute();
    const threshold = await settings.get('adjustApprovalThreshold', trx);
    const moved = await trx
      .selectFrom('ledger_transfers as t')
      .innerJoin('ledger_entries as e', 'e.transfer_id', 't.id')
      .select(sql<string | number | null>`sum(abs(e.amount))`.as('amount'))
      // A literal, so both databases use the index kept for adjustments alone.
      .where('t.kind', '=', sql.lit('adjustment'))
      .where('t.user_id', '=', adjustment.userId)
      .where('t.created_at', '>', now - DAY_MS)
      .where('e.account_id', '=', accountIdOf(userAccount(adjustment.userId, adjustment.account)))
      // What a second operator approved was seen by two.
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('adjustments as a').select('a.id').whereRef('a.transfer_id', '=', 't.id'))))
      .executeTakeFirstOrThrow();
    const unapproved = Number(moved.amount ?? 0) + Math.abs(adjustment.amount);
    return (adjustment.account === 'coin' ? unapproved * 100 : unapproved) > threshold;
  }

  async function propose(trx: Kysely<Database>, operatorId: string, adjustment: Adjustment, now: number) {
    const id = randomUUID();
    await trx
      .insertInto('adjustments')
      .values({ id, user_id: adjustment.userId, account: adjustment.account, amount: adjustment.amount, reason: adjustment.reason, status: 'pending', proposed_by: operatorId, proposed_at: now, remark: '' })
      .execute();
    const balance = (await balancesOf(trx, adjustment.userId))[adjustment.account];
    const result = {
      status: 'proposed' as const,
      userId: adjustment.userId,
      account: adjustment.account,
      amount: formatAccountAmount(adjustment.account, adjustment.amount),
      balance: formatAccountAmount(adjustment.account, balance),
      transferId: null,
      adjustmentId: id,
    };
    await recordAudit(trx, { operatorId, action: 'adjustments/propose', target: `user:${adjustment.userId}`, before: null, after: { ...result, reason: adjustment.reason } }, now);
    return result;
  }

  return {
    async adjust(operatorId: string, input: AdjustmentInput, now: number) {
      // Points travel written like money ("5" → 500): only whole points are allowed.
      if (input.account === 'coin' && input.amount % 100 !== 0) throw AppError.field('amount', 'POINTS_WHOLE');
      const adjustment = { userId: input.userId, account: input.account, amount: input.account === 'coin' ? input.amount / 100 : input.amount, reason: input.reason };
      const user = await db.selectFrom('users').select('id').where('id', '=', input.userId).executeTakeFirst();
      if (!user) throw new AppError('NOT_FOUND');
      const work = async (trx: Kysely<Database>): Promise<AdjustmentAnswer> =>
        (await needsSecondOperator(trx, adjustment, now)) ? propose(trx, operatorId, adjustment, now) : adjustNow(trx, operatorId, adjustment, now);
      // A retry gets the first answer and moves nothing again: known by its requestId, or without one by the same fields soon after.
      const { requestId, ...fields } = input;
      const answer = await idempotency.run({ ownerId: operatorId, requestId, scope: 'users/adjust', fields }, now, (transact) => transact(work));
      if (answer.status === 'done') liveEvents.publish();
      return answer;
    },

    async approve(operatorId: string, id: string, now: number) {
      const view = await moneyTransaction(db, async (trx) => {
        const proposal = await decideOnce(trx, 'adjustments', id, operatorId, { status: 'approved', remark: '' }, now);
        const { transferId, reference } = await post(trx, operatorId, { userId: proposal.user_id, account: proposal.account, amount: proposal.amount, reason: proposal.reason }, now);
        await trx.updateTable('adjustments').set({ transfer_id: transferId }).where('id', '=', id).execute();
        await recordAudit(trx, { operatorId, action: 'adjustments/approve', target: `adjustment:${id}`, before: { status: 'pending' }, after: { status: 'approved', transferId } }, now);
        const approved = await adjustmentViewOf(trx, id);
        await tellUser(trx, proposal.user_id, reference, now);
        return approved;
      });
      liveEvents.publish();
      return view;
    },

    /** Oldest first: the one waiting longest is decided first. */
    async pending(input: PageRequest) {
      const [items, count] = await Promise.all([
        adjustmentViews(db, (query) => query.where('adjustments.status', '=', 'pending').orderBy('adjustments.proposed_at').orderBy('adjustments.id').limit(input.pageSize).offset(offsetOf(input))),
        db.selectFrom('adjustments').select((eb) => eb.fn.countAll<string | number>().as('n')).where('status', '=', 'pending').executeTakeFirstOrThrow(),
      ]);
      return pageOf(items, count.n, input);
    },

    async reject(operatorId: string, id: string, remark: string, now: number) {
      return db.transaction().execute(async (trx) => {
        await decideOnce(trx, 'adjustments', id, operatorId, { status: 'rejected', remark }, now);
        await recordAudit(trx, { operatorId, action: 'adjustments/reject', target: `adjustment:${id}`, before: { status: 'pending' }, after: { status: 'rejected', remark } }, now);
        return adjustmentViewOf(trx, id);
      });
    },
  };
}

export async function adjustmentViewOf(db: Kysely<Database>, id: string) {
  const [view] = await adjustmentViews(db, (query) => query.where('adjustments.id', '=', id));
  if (!view) throw new AppError('NOT_FOUND');
  return view;
}

type AdjustmentQuery = ReturnType<typeof adjustmentsQuery>;

function adjustmentsQuery(db: Kysely<Database>) {
  return db
    .selectFrom('adjustments')
    .innerJoin('users', 'users.id', 'adjustments.user_id')
    .leftJoin('operators as proposer', 'proposer.id', 'adjustments.proposed_by')
    .leftJoin('operators as decider', 'decider.id', 'adjustments.decided_by')
    .selectAll('adjustments')
    .select(['users.username', 'proposer.username as proposer_name', 'decider.username as decider_name']);
}

export async function adjustmentViews(db: Kysely<Database>, filter: (query: AdjustmentQuery) => AdjustmentQuery) {
  const rows = await filter(adjustmentsQuery(db)).execute();
  return rows.map((row) => ({
    id: row.id,
    userId: row.user_id,
    username: row.username,
    account: row.account,
    amount: formatAccountAmount(row.account, row.amount),
    reason: row.reason,
    status: row.status,
    proposedBy: row.proposer_name ?? '?',
    proposedAt: row.proposed_at,
    decidedBy: row.decider_name,
    decidedAt: row.decided_at,
    remark: row.remark,
    transferId: row.transfer_id,
  }));
}

export type AdjustmentService = ReturnType<typeof createAdjustmentService>;
