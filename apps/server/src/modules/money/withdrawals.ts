import type { Kysely } from 'kysely';
import {
  WITHDRAWAL_PENDING_LIMIT,
  formatFeeRate,
  formatMoney,
  maskCardNo,
  withdrawalFeeCents,
  type WithdrawalSetting,
} from '@wallet/contract';
import type { Database } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/database-errors.js';
import { AppError } from '../../errors.js';
import { balancesOf } from '../../ledger/accounts.js';
import type { Idempotency } from '../../ledger/idempotency.js';
import { MOVEMENTS } from '../../ledger/movements.js';
import { postTransfer } from '../../ledger/transfer.js';
import type { SettingsService } from '../settings/index.js';
import { assertAmountInRange } from './amount-range.js';
import { newOrderNo } from '../../ledger/order-numbers.js';
import { takePendingSlot } from './pending-slots.js';
import type { PayPasswordCheck } from './pay-password.js';
import { ownRecord, ownRecordsPage, type OwnRecordsQuery } from './own-records.js';
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

/**
 * The limits a withdrawal is held to: the operator's, raised where the fee
 * would take the whole amount (at a rate of 0.5 the fee on 0.01 is 0.01),
 * since such a withdrawal pays nothing out.
 */
function payableLimits(limits: WithdrawalSetting): { minCents: number; maxCents: number } {
  let minCents = limits.minCents;
  while (minCents <= limits.maxCents && withdrawalFeeCents(minCents, limits.feeBasisPoints) >= minCents) minCents += 1;
  return { minCents, maxCents: limits.maxCents };
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

  return {
    async info(userId: string) {
      const [setting, user, last, balances] = await Promise.all([
        settings.get('withdrawal'),
        db.selectFrom('users').select('pending_withdrawals').where('id', '=', userId).executeTakeFirstOrThrow(),
        lastWithdrawal(userId),
        balancesOf(db, userId),
      ]);
      const limits = payableLimits(setting);
      return {
        minAmount: formatMoney(limits.minCents),
        maxAmount: formatMoney(limits.maxCents),
        feeRate: formatFeeRate(setting.feeBasisPoints),
        pendingLimit: WITHDRAWAL_PENDING_LIMIT,
        pending: user.pending_withdrawals,
        balance: formatMoney(balances.available),
        last: last ? { name: last.name, bankName: last.bank_name, cardNoMasked: last.card_no_masked, address: last.address } : null,
      };
    },

    /** Freezes the amount at once; an operator pays it out or gives it back. */
    async create(userId: string, input: WithdrawalInput, now: number) {
      // The card as the client named it (a number, or "the last one"). The payment password is no part of what the
      // request asks for: a retry is the same request whatever was typed.
      const fields = { name: input.name, bankName: input.bankName, cardNo: input.cardNo, useLastCard: input.useLastCard, address: input.address, amount: input.amount };
      return idempotency.run({ ownerId: userId, requestId: input.requestId, scope: 'money/withdraw', fields }, now, async (transact) => {
        // Checked inside: a retry of an answered request gets that answer, whatever the limits or the last card are now.
        const limits = await settings.get('withdrawal');
        assertAmountInRange(input.amount, payableLimits(limits));
        const cardNo = await cardNoFor(userId, input);
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
          try {
            return await transact(async (trx) => {
              await takePendingSlot(trx, 'withdrawal', userId);
              await trx.insertInto('withdrawals').values(row).execute();
              await postTransfer(
                trx,
                { kind: 'withdrawal_requested', userId, reference: row.order_no, postings: MOVEMENTS.withdrawal_requested(userId, input.amount) },
                now,
              );
              return withdrawalView(row);
            });
          } catch (error) {
            if (!isUniqueViolation(error) || attempt >= 3) throw error;
          }
        }
      });
    },

    list(userId: string, query: OwnRecordsQuery) {
      return ownRecordsPage(db, 'withdrawals', userId, query, withdrawalView);
    },

    async detail(userId: string, orderNo: string) {
      return withdrawalView(await ownRecord(db, 'withdrawals', userId, orderNo));
    },
  };
}

export type WithdrawalService = ReturnType<typeof createWithdrawalService>;
