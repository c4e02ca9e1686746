import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { accountIdOf, formatAccountAmount, userAccount } from '../../ledger/accounts.js';
import type { Idempotency } from '../../ledger/idempotency.js';
import { moneyTransaction } from '../../ledger/money-transaction.js';
import { MOVEMENTS } from '../../ledger/movements.js';
import { postTransfer } from '../../ledger/transfer.js';
import { recordAudit } from '../admin/audit.js';
import { newOrderNo } from './order-numbers.js';

export interface AdjustmentInput {
  userId: string;
  account: 'available' | 'coin';
  /** Cents for the balance; for credit points the same number read as points × 100. */
  amount: number;
  reason: string;
  requestId?: string | undefined;
}

/** An operator's correction: a transfer of its own with the reason the user reads in the statement, and an audit line. */
export function createAdjustmentService(db: Kysely<Database>, idempotency: Idempotency) {
  async function adjustIn(trx: Kysely<Database>, operatorId: string, input: AdjustmentInput, amount: number, now: number) {
    const reference = newOrderNo('adjustment', now);
    const posted = await postTransfer(
      trx,
      { kind: 'adjustment', userId: input.userId, reference, memo: input.reason, operatorId, postings: MOVEMENTS.adjustment(input.userId, input.account, amount) },
      now,
    );
    const balance = posted.balances.get(accountIdOf(userAccount(input.userId, input.account))) ?? 0;
    const result = { userId: input.userId, account: input.account, amount: formatAccountAmount(input.account, amount), balance: formatAccountAmount(input.account, balance), transferId: posted.id };
    await recordAudit(
      trx,
      {
        operatorId,
        action: 'users/adjust',
        target: `user:${input.userId}`,
        before: { account: input.account, balance: formatAccountAmount(input.account, balance - amount) },
        after: { ...result, reason: input.reason },
      },
      now,
    );
    return result;
  }

  return {
    async adjust(operatorId: string, input: AdjustmentInput, now: number) {
      // Points travel written like money ("5" → 500): only whole points are allowed.
      if (input.account === 'coin' && input.amount % 100 !== 0) throw AppError.field('amount', 'POINTS_WHOLE');
      const amount = input.account === 'coin' ? input.amount / 100 : input.amount;
      const user = await db.selectFrom('users').select('id').where('id', '=', input.userId).executeTakeFirst();
      if (!user) throw new AppError('NOT_FOUND');
      const work = (trx: Kysely<Database>) => adjustIn(trx, operatorId, input, amount, now);
      if (input.requestId === undefined) return moneyTransaction(db, work);
      const key = { ownerId: operatorId, requestId: input.requestId, scope: 'users/adjust', fields: { ...input, requestId: undefined } };
      return idempotency.run(key, now, (transact) => transact(work));
    },
  };
}

export type AdjustmentService = ReturnType<typeof createAdjustmentService>;
