import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { RechargeChannel } from '@wallet/contract';
import type { Database } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { AppError } from '../../http/app-error.js';
import type { Idempotency } from '../../ledger/idempotency.js';
import type { SettingsService } from '../settings/service.js';
import { isOwnUpload } from '../uploads/own-upload.js';
import { assertAmountInRange } from './amount-range.js';
import { newOrderNo } from './order-numbers.js';
import { ownRecord, ownRecordsPage, type OwnRecordsQuery } from './own-records.js';
import { channelView, rechargeView } from './records.js';

/** The extra tenths a random-decimal channel adds: 0.10 … 0.90. */
const EXTRA_TENTHS = [10, 20, 30, 40, 50, 60, 70, 80, 90];
const INSERT_TRIES = 5;

export interface RechargeInput {
  channelId: string;
  amount: number;
  requestId: string;
  voucher?: string | undefined;
}

export interface RechargeServiceDependencies {
  db: Kysely<Database>;
  settings: SettingsService;
  idempotency: Idempotency;
}

export function createRechargeService({ db, settings, idempotency }: RechargeServiceDependencies) {
  async function openChannel(channelId: string): Promise<RechargeChannel> {
    const channel = (await settings.get('rechargeChannels')).find((c) => c.id === channelId && c.enabled);
    if (!channel) throw AppError.field('channelId', 'CHANNEL_UNKNOWN');
    return channel;
  }

  async function assertOwnVoucher(userId: string, voucher: string | undefined): Promise<void> {
    if (voucher !== undefined && !(await isOwnUpload(db, userId, voucher))) throw AppError.field('voucher', 'IMAGE_UNKNOWN');
  }

  /** The amount to pay: on a random-decimal channel plus a tenth no other recharge under review asks for. */
  async function payAmountFor(channel: RechargeChannel, amount: number): Promise<{ payAmount: number; matchKey: string | null }> {
    if (!channel.randomDecimal) return { payAmount: amount, matchKey: null };
    const taken = await db
      .selectFrom('recharges')
      .select('pay_amount')
      .where('channel_id', '=', channel.id)
      .where('match_key', 'is not', null)
      .where('pay_amount', '>=', amount + EXTRA_TENTHS[0]!)
      .where('pay_amount', '<=', amount + EXTRA_TENTHS.at(-1)!)
      .execute();
    const takenExtras = new Set(taken.map((row) => Number(row.pay_amount) - amount));
    const free = EXTRA_TENTHS.filter((extra) => !takenExtras.has(extra));
    if (free.length === 0) throw new AppError('RECHARGE_AMOUNT_BUSY');
    const payAmount = amount + free[randomInt(free.length)]!;
    return { payAmount, matchKey: `${channel.id}:${payAmount}` };
  }

  return {
    async channels() {
      return (await settings.get('rechargeChannels')).filter((c) => c.enabled).map(channelView);
    },

    async create(userId: string, input: RechargeInput, now: number) {
      const key = { ownerId: userId, requestId: input.requestId, scope: 'money/recharge', fields: { ...input, requestId: undefined } };
      return idempotency.run(key, now, async (complete) => {
        // Checked inside: a retry of an answered request gets that answer, even if the channel changed since.
        const channel = await openChannel(input.channelId);
        assertAmountInRange(input.amount, channel);
        await assertOwnVoucher(userId, input.voucher);
        for (let attempt = 1; ; attempt += 1) {
          const { payAmount, matchKey } = await payAmountFor(channel, input.amount);
          const row = {
            order_no: newOrderNo('recharge', now),
            user_id: userId,
            channel_id: channel.id,
            channel_name: channel.name,
            channel_kind: channel.kind,
            channel_details: JSON.stringify(channel.details),
            random_decimal: channel.randomDecimal ? 1 : 0,
            amount: input.amount,
            pay_amount: payAmount,
            match_key: matchKey,
            voucher: input.voucher ?? null,
            status: 'review' as const,
            remark: '',
            created_at: now,
            reviewed_at: null,
            reviewed_by: null,
          };
          const view = rechargeView(row);
          try {
            await db.transaction().execute(async (trx) => {
              await trx.insertInto('recharges').values(row).execute();
              await complete(trx, view);
            });
            return view;
          } catch (error) {
            // Someone else took the same extra tenth (or order number) a moment ago: draw again.
            if (!isUniqueViolation(error) || attempt >= INSERT_TRIES) throw error;
          }
        }
      });
    },

    async attachVoucher(userId: string, input: { orderNo: string; voucher: string }) {
      await ownRecord(db, 'recharges', userId, input.orderNo);
      await assertOwnVoucher(userId, input.voucher);
      const updated = await db
        .updateTable('recharges')
        .set({ voucher: input.voucher })
        .where('order_no', '=', input.orderNo)
        .where('user_id', '=', userId)
        .where('status', '=', 'review')
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw new AppError('ALREADY_REVIEWED');
      return rechargeView(await ownRecord(db, 'recharges', userId, input.orderNo));
    },

    list(userId: string, query: OwnRecordsQuery) {
      return ownRecordsPage(db, 'recharges', userId, query, rechargeView);
    },

    async detail(userId: string, orderNo: string) {
      return rechargeView(await ownRecord(db, 'recharges', userId, orderNo));
    },
  };
}

export type RechargeService = ReturnType<typeof createRechargeService>;
