import { z } from 'zod';
import { pageOf, pageQueryShape } from '../accounts.js';
import { CHANNEL_KINDS, channelDetailSchema, distinctChannelIds, rechargeChannelSchema, settingSchemas } from '../settings.js';
import {
  ADJUSTABLE_ACCOUNTS,
  amountSchema,
  moneyText,
  operatorRechargeRecord,
  operatorWithdrawalRecord,
  orderNoSchema,
  rechargeChannelView,
  recordStatusSchema,
  requestIdSchema,
} from '../money-schemas.js';
import { moneySchema } from '../validation.js';
import { MAX_FEE_BASIS_POINTS, parseFeeRate } from '../money-rules.js';
import { defineCall } from './define.js';
import { thresholdRaiseView } from './operator-adjustments.js';

const recordQuery = z.strictObject({
  status: recordStatusSchema.optional(),
  /** An order number, a username or a user id. */
  q: z.string().trim().max(64).optional(),
  ...pageQueryShape,
});

const reviewBody = z
  .strictObject({ orderNo: orderNoSchema, approve: z.boolean(), remark: z.string().trim().max(200).default('') })
  .refine((body) => body.approve || body.remark.length > 0, {
    path: ['remark'],
    message: 'REQUIRED',
    params: { messageKey: 'REMARK_REQUIRED' },
  });


export const listRecharges = defineCall({
  path: '/admin/api/recharges',
  access: 'operator',
  summary: 'Recharges, newest first; filter by status and by order number, username or user id.',
  body: recordQuery,
  result: pageOf(operatorRechargeRecord),
});

export const reviewRecharge = defineCall({
  path: '/admin/api/recharges/review',
  access: 'operator',
  summary: 'Completes (credits payAmount) or refuses (remark required, shown to the user) a recharge under review. Only once: another review answers 409 ALREADY_REVIEWED.',
  success: 'REVIEWED',
  body: reviewBody,
  result: operatorRechargeRecord,
});

export const listWithdrawals = defineCall({
  path: '/admin/api/withdrawals',
  access: 'operator',
  summary: 'Withdrawals, newest first, with full card numbers; filter by status and by order number, username or user id.',
  body: recordQuery,
  result: pageOf(operatorWithdrawalRecord),
});

export const reviewWithdrawal = defineCall({
  path: '/admin/api/withdrawals/review',
  access: 'operator',
  summary: 'Completes (pays amount − fee out, keeps the fee) or refuses (returns the frozen amount; remark required) a withdrawal under review. Only once: another review answers 409 ALREADY_REVIEWED.',
  success: 'REVIEWED',
  body: reviewBody,
  result: operatorWithdrawalRecord,
});

export const adjustUser = defineCall({
  path: '/admin/api/users/adjust',
  access: 'operator',
  summary:
    'Adds to or takes from a user\'s balance ("-5.00") or credit points (whole numbers, "-5"), with a reason the user sees in the statement. Never below zero. A retry is done once: with a requestId, any retry with it; without one, the same operator sending the same user, account, amount and reason again within 10 minutes gets the first answer. Four eyes: an adjustment that would make what moved on the user\'s account without approval in the last 24 hours, by every operator together, larger than the setting adjustApprovalThreshold (either way; credit points count as whole units, 1 000 points against 1 000.00) is only proposed: nothing moves until a second operator approves it (adjustments/approve).',
  success: 'SAVED',
  body: z.strictObject({
    userId: z.string().min(1).max(64),
    account: z.enum(ADJUSTABLE_ACCOUNTS),
    amount: moneySchema({ allowNegative: true }).refine((cents) => cents !== 0, { message: 'INVALID_VALUE', params: { messageKey: 'AMOUNT_NOT_ZERO' } }),
    reason: z.string().trim().min(1).max(200),
    requestId: requestIdSchema.optional(),
  }),
  result: z.object({
    /** done: the money moved; proposed: larger than the approval threshold, it waits for a second operator. */
    status: z.enum(['done', 'proposed']),
    userId: z.string(),
    account: z.enum(ADJUSTABLE_ACCOUNTS),
    amount: z.string(),
    /** The balance now: after the adjustment when done, unchanged while proposed. */
    balance: z.string(),
    transferId: z.string().nullable(),
    adjustmentId: z.string().nullable(),
  }),
});

const rechargeChannelInput = z
  .strictObject({
    id: z.string().regex(/^[a-z0-9-]{1,32}$/),
    name: z.string().trim().min(1).max(60),
    kind: z.enum(CHANNEL_KINDS),
    details: z.array(channelDetailSchema).max(10),
    minAmount: amountSchema,
    maxAmount: amountSchema,
    randomDecimal: z.boolean(),
    enabled: z.boolean(),
  })
  // Payers must never see a channel without the details to pay it.
  .refine((channel) => !channel.enabled || channel.details.length > 0, {
    message: 'REQUIRED',
    path: ['details'],
    params: { messageKey: 'CHANNEL_DETAILS_REQUIRED' },
  })
  .transform(({ minAmount, maxAmount, ...channel }) => ({ ...channel, minCents: minAmount, maxCents: maxAmount }))
  .pipe(rechargeChannelSchema);

const feeRateSchema = z.string().transform((value, ctx) => {
  const basisPoints = parseFeeRate(value);
  if (basisPoints === undefined || basisPoints > MAX_FEE_BASIS_POINTS) {
    ctx.addIssue({ code: 'custom', message: 'FEE_RATE_RULE', params: { messageKey: 'FEE_RATE_RULE' } });
    return z.NEVER;
  }
  return basisPoints;
});

const withdrawalInput = z
  .strictObject({ minAmount: amountSchema, maxAmount: amountSchema, feeRate: feeRateSchema })
  .transform(({ minAmount, maxAmount, feeRate }) => ({ minCents: minAmount, maxCents: maxAmount, feeBasisPoints: feeRate }))
  .pipe(settingSchemas.withdrawal);

const rechargeChannelOutput = rechargeChannelView.extend({ enabled: z.boolean() });

/*
 * Every setting as the console reads and saves it is the stored setting,
 * except where money is shown as decimal strings and the fee as a fraction:
 * a new key in settingSchemas reaches both calls without a line here.
 */
const operatorSettings = z.object({
  ...settingSchemas,
  rechargeChannels: z.array(rechargeChannelOutput),
  withdrawal: z.object({ minAmount: moneyText, maxAmount: moneyText, feeRate: z.string() }),
  adjustApprovalThreshold: moneyText,
});

const operatorSettingsInput = z
  .strictObject({
    ...settingSchemas,
    rechargeChannels: z
      .array(rechargeChannelInput)
      .max(20)
      .refine(...distinctChannelIds),
    withdrawal: withdrawalInput,
    adjustApprovalThreshold: moneySchema(),
  })
  .partial();

export const readSettings = defineCall({
  path: '/admin/api/settings',
  access: 'operator',
  summary: 'Every setting.',
  body: z.strictObject({}),
  result: operatorSettings,
});

export const saveSettings = defineCall({
  path: '/admin/api/settings/save',
  access: 'operator',
  summary:
    'Saves the settings given (each replaced whole; the rest stay), all or none; audited. Answers every setting. A higher adjustApprovalThreshold is only proposed: it applies once a second admin approves it (settings/threshold/approve), and the answer names it as thresholdRaise; a lower one applies at once.',
  success: 'SAVED',
  body: operatorSettingsInput,
  result: operatorSettings.extend({ thresholdRaise: thresholdRaiseView.optional() }),
});

export const verifyLedger = defineCall({
  path: '/admin/api/ledger/verify',
  access: 'operator',
  summary:
    'Proves the ledger: every transfer sums to zero, every stored balance equals its entries, no user account is negative, every recharge and withdrawal has exactly its transfers, frozen funds equal the withdrawals under review.',
  body: z.strictObject({}),
  result: z.object({
    ok: z.boolean(),
    transfers: z.number(),
    accounts: z.number(),
    entries: z.number(),
    problems: z.array(z.object({ check: z.string(), subject: z.string(), detail: z.string() })),
  }),
});
