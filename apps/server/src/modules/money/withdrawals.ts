import { sql, type Kysely } from 'kysely';
import {
  WITHDRAWAL_PENDING_LIMIT,
  formatFeeRate,
  formatMoney,
  maskCardNo,
  withdrawalFeeCents,
  type RecordStatus,
} from '@wallet/contract';
import type { Database } from '../../db/schema.js';
import { offsetOf, pageOf, type PageRequest } from '../../db/page.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { AppError } from '../../http/app-error.js';
import { balancesOf } from '../../ledger/accounts.js';
import type { Idempotency } from '../../ledger/idempotency.js';
import { MOVEMENTS } from '../../ledger/movements.js';
import { postTransfer } from '../../ledger/transfer.js';
import type { SettingsService } from '../settings/service.js';
import { assertAmountInRange } from './amount-range.js';
import { newOrderNo } from './order-numbers.js';
import type { PayPasswordCheck } from './pay-password.js';
import { withdrawalView } from './records.js';

export interface WithdrawalInput {
  name: string;
  bankName: string;
  cardNo?: string | undefined;
  useLastCard?: boolean | undefined;
  address: string;
  amount: number;
  payPassword: string;
  requestId: string;
}

export interface WithdrawalServiceDependencies {
  db: Kysely<Database>;
  settings: SettingsService;
  idempotency: Idempotency;
  checkPayPassword: PayPasswordCheck;
}

export function createWithdrawalService({ db, settings, idempotency, checkPayPassword }: WithdrawalServiceDependencies) {
  const lastWithdrawal = (userId: string) =>
    db.selectFrom('withdrawals').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('order_no', 'desc').limit(1).executeTakeFirst();

  async function cardNoFor(userId: string, input: WithdrawalInput): Promise<string> {
    if (input.cardNo !== undefined) return input.cardNo;
    const last = await lastWithdrawal(userId);
    if (!last) throw AppError.field('cardNo', 'NO_LAST_CARD');
    return last.card_no;
  }

  /** Counts the new withdrawal among the user's pending ones, refusing past the limit; the UPDATE itself is the guard. */
  async function countPending(trx: Kysely<Database>, userId: string): Promise<void> {
    const counted = await trx
      .updateTable('users')
      .set({ pending_withdrawals: sql`pending_withdrawals + 1` })
      .where('id', '=', userId)
      .where('pending_withdrawals', '<', WITHDRAWAL_PENDING_LIMIT)
      .executeTakeFirst();
    if (Number(counted.numUpdatedRows) !== 1) throw new AppError('WITHDRAWAL_PENDING_LIMIT');
  }

  async function ownWithdrawal(userId: string, orderNo: string) {
    const row = await db.selectFrom('withdrawals').selectAll().where('order_no', '=', orderNo).where('user_id', '=', userId).executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  return {
    async info(userId: string) {
      const [limits, user, last, balances] = await Promise.all([
        settings.get('withdrawal'),
        db.selectFrom('users').select('pending_withdrawals').where('id', '=', userId).executeTakeFirstOrThrow(),
        lastWithdrawal(userId),
        balancesOf(db, userId),
      ]);
      return {
        minAmount: formatMoney(limits.minCents),
        maxAmount: formatMoney(limits.maxCents),
        feeRate: formatFeeRate(limits.feeBasisPoints),
        pendingLimit: WITHDRAWAL_PENDING_LIMIT,
        pending: user.pending_withdrawals,
        balance: formatMoney(balances.available),
        last: last ? { name: last.name, bankName: last.bank_name, cardNoMasked: last.card_no_masked, address: last.address } : null,
      };
    },

    /** Freezes the amount at once; an operator pays it out or gives it back. */
    async create(userId: string, input: WithdrawalInput, now: number) {
      const limits = await settings.get('withdrawal');
      assertAmountInRange(input.amount, limits);
      const cardNo = await cardNoFor(userId, input);
      // The payment password is no part of what the request asks for: a retry is the same request whatever was typed.
      const fields = { name: input.name, bankName: input.bankName, cardNo, address: input.address, amount: input.amount };
      return idempotency.run({ ownerId: userId, requestId: input.requestId, scope: 'money/withdraw', fields }, now, async (complete) => {
        await checkPayPassword(userId, input.payPassword, now);
        const fee = withdrawalFeeCents(input.amount, limits.feeBasisPoints);
        for (let attempt = 1; ; attempt += 1) {
          const row = {
            order_no: newOrderNo('withdrawal', now),
            user_id: userId,
            name: input.name,
            bank_name: input.bankName,
            card_no: cardNo,
            card_no_masked: maskCardNo(cardNo),
            address: input.address,
            amount: input.amount,
            fee,
            status: 'review' as const,
            remark: '',
            created_at: now,
            reviewed_at: null,
            reviewed_by: null,
          };
          const view = withdrawalView(row);
          try {
            await db.transaction().execute(async (trx) => {
              await complete(trx, view);
              await countPending(trx, userId);
              await trx.insertInto('withdrawals').values(row).execute();
              await postTransfer(
                trx,
                { kind: 'withdrawal_requested', userId, reference: row.order_no, postings: MOVEMENTS.withdrawal_requested(userId, input.amount) },
                now,
              );
            });
            return view;
          } catch (error) {
            if (!isUniqueViolation(error) || attempt >= 3) throw error;
          }
        }
      });
    },

    async list(userId: string, query: PageRequest & { status?: RecordStatus | undefined }) {
      let rows = db.selectFrom('withdrawals').where('user_id', '=', userId);
      if (query.status) rows = rows.where('status', '=', query.status);
      const [items, count] = await Promise.all([
        rows.selectAll().orderBy('created_at', 'desc').orderBy('order_no', 'desc').limit(query.pageSize).offset(offsetOf(query)).execute(),
        rows.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return pageOf(items.map(withdrawalView), count.n, query);
    },

    async detail(userId: string, orderNo: string) {
      return withdrawalView(await ownWithdrawal(userId, orderNo));
    },
  };
}

export type WithdrawalService = ReturnType<typeof createWithdrawalService>;
