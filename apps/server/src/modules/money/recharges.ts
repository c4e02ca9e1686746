import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { RechargeChannel } from '@wallet/contract';
import type { DialectName } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { guardMoneyWrite } from '../protection/index.js';
import { isUniqueViolation } from '../../db/database-errors.js';
import { AppError } from '../../errors.js';
import type { Idempotency, TransactionRunner } from '../../ledger/idempotency.js';
import { DEFAULT_MAX_BATCH, sharedTransactions } from '../../ledger/group-commit.js';
import { channelView, type SettingsService } from '../settings/index.js';
import { isOwnUpload, type UploadLinks } from '../uploads/index.js';
import { assertAmountInRange } from './amount-range.js';
import { newOrderNo } from '../../ledger/order-numbers.js';
import { takePendingSlot } from './pending-slots.js';
import type { RechargeExpiry } from './recharge-expiry.js';
import { ownRecord, ownRecordsPage, type OwnRecordsQuery } from './own-records.js';
import { rechargeView, withVoucherLink } from './records.js';

/** The extra tenths a random-decimal channel adds: 0.10 … 0.90. */
const EXTRA_TENTHS = [10, 20, 30, 40, 50, 60, 70, 80, 90];
const ORDER_NO_TRIES = 3;

function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

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
  expiry: RechargeExpiry;
  links: UploadLinks;
  dialect: DialectName;
  /** The most recharges created in one transaction; 1 creates them one by one. */
  maxBatch?: number;
}

export function createRechargeService({ db, settings, idempotency, expiry, links, dialect, maxBatch = DEFAULT_MAX_BATCH }: RechargeServiceDependencies) {
  const creations = sharedTransactions(db, { maxBatch });
  async function openChannel(channelId: string): Promise<RechargeChannel> {
    const channel = (await settings.get('rechargeChannels')).find((c) => c.id === channelId && c.enabled);
    if (!channel) throw AppError.field('channelId', 'CHANNEL_UNKNOWN');
    return channel;
  }

  async function assertOwnVoucher(userId: string, voucher: string | undefined): Promise<void> {
    if (voucher !== undefined && !(await isOwnUpload(db, userId, voucher))) throw AppError.field('voucher', 'IMAGE_UNKNOWN');
  }

  /**
   * Inserts the recharge. On a random-decimal channel the amount to pay gets
   * an extra tenth no other recharge under review asks for: the tenths are
   * tried in random order and the unique match key decides, so two requests at
   * once can never get the same one.
   */
  async function insertRecharge(trx: Kysely<Database>, channel: RechargeChannel, userId: string, input: RechargeInput, now: number) {
    const row = {
      order_no: newOrderNo('recharge', now),
      user_id: userId,
      channel_id: channel.id,
      channel_name: channel.name,
      channel_kind: channel.kind,
      channel_details: JSON.stringify(channel.details),
      random_decimal: channel.randomDecimal ? 1 : 0,
      amount: input.amount,
      pay_amount: input.amount,
      match_key: null as string | null,
      voucher: input.voucher ?? null,
      status: 'review' as const,
      remark: '',
      created_at: now,
      reviewed_at: null,
      reviewed_by: null,
    };
    if (!channel.randomDecimal) {
      await trx.insertInto('recharges').values(row).execute();
      return row;
    }
    await takePendingSlot(trx, 'randomDecimalRecharge', userId);
    for (const extra of shuffled(EXTRA_TENTHS)) {
      const payAmount = input.amount + extra;
      const candidate = { ...row, pay_amount: payAmount, match_key: `${channel.id}:${payAmount}` };
      const inserted = await trx
        .insertInto('recharges')
        .values(candidate)
        .onConflict((oc) => oc.column('match_key').doNothing())
        .returning('order_no')
        .executeTakeFirst();
      if (inserted) return candidate;
    }
    throw new AppError('RECHARGE_AMOUNT_BUSY');
  }

  return {
    /** How its batches went, for `/metrics`. */
    groupCommitCounts: creations.counts,
    async channels() {
      return (await settings.get('rechargeChannels')).filter((c) => c.enabled).map(channelView);
    },

    async create(userId: string, input: RechargeInput, now: number) {
      const key = { ownerId: userId, requestId: input.requestId, scope: 'money/recharge', fields: { ...input, requestId: undefined } };
      await expiry.catchUp(now);
      // The kept answer holds the voucher's path; the link is signed for each answer, a retry's too.
      // Recharges created together share one transaction, each in a savepoint of its own.
      const inShared: TransactionRunner = (work) => creations.run(work);
      const record = await idempotency.run(key, now, async (transact) => {
        // Checked inside: a retry of an answered request gets that answer, even if the channel changed since.
        const channel = await openChannel(input.channelId);
        assertAmountInRange(input.amount, channel);
        await assertOwnVoucher(userId, input.voucher);
        for (let attempt = 1; ; attempt += 1) {
          try {
            return await transact(async (trx) => {
              const guard = await guardMoneyWrite(trx, dialect, userId, 'deposit', now);
              const recharge = await insertRecharge(trx, channel, userId, input, now);
              await guard.afterWrite(input.amount);
              return rechargeView(recharge);
            });
          } catch (error) {
            // The drawn order number exists already (50 random bits: practically never): draw again.
            if (!isUniqueViolation(error) || attempt >= ORDER_NO_TRIES) throw error;
          }
        }
      }, inShared);
      return withVoucherLink(record, links, now);
    },

    async attachVoucher(userId: string, input: { orderNo: string; voucher: string }, now: number) {
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
      return withVoucherLink(rechargeView(await ownRecord(db, 'recharges', userId, input.orderNo)), links, now);
    },

    async list(userId: string, query: OwnRecordsQuery, now: number) {
      await expiry.catchUp(now);
      return ownRecordsPage(db, 'recharges', userId, query, (row) => withVoucherLink(rechargeView(row), links, now));
    },

    async detail(userId: string, orderNo: string, now: number) {
      await expiry.catchUp(now);
      return withVoucherLink(rechargeView(await ownRecord(db, 'recharges', userId, orderNo)), links, now);
    },
  };
}

export type RechargeService = ReturnType<typeof createRechargeService>;
