import { z } from 'zod';
import { pageOf, pageQueryShape, payPasswordSchema } from '../accounts.js';
import {
  amountSchema,
  cardNoSchema,
  moneyText,
  orderNoSchema,
  rechargeChannelView,
  rechargePage,
  rechargeRecord,
  recordListQuery,
  requestIdSchema,
  STATEMENT_UNITS,
  statementEntry,
  withdrawalPage,
  withdrawalRecord,
} from '../money-schemas.js';
import { uploadReferenceOf } from '../content-rules.js';
import { defineCall } from './define.js';

const noFields = z.strictObject({});
const imageUrl = z.string().trim().min(1).max(200).transform(uploadReferenceOf);
const text = (max: number) => z.string().trim().min(1).max(max);

export const userAssets = defineCall({
  path: '/api/user/assets',
  access: 'user',
  summary: 'Balance, frozen funds, credit points and lifetime totals.',
  body: noFields,
  result: z.object({
    balance: moneyText,
    freeze: moneyText,
    /** Credit points: a whole number. */
    coin: z.number().int(),
    totals: z.object({ recharged: moneyText, withdrawn: moneyText, ordered: moneyText, profit: moneyText }),
  }),
});

export const userStatement = defineCall({
  path: '/api/user/statement',
  access: 'user',
  summary:
    "Every movement of the user's money, newest first: one item per ledger transfer, with its effect on the available balance (amount), on the frozen funds and on credit points, the balance of the account it moved after it (balanceAccount, balanceAfter), and its ledger entries on the user's accounts (legs). unit \"money\" lists only movements of the balance, frozen funds and chase reserve; \"points\" only those of credit points.",
  body: z.strictObject({ ...pageQueryShape, unit: z.enum(STATEMENT_UNITS).optional() }),
  result: pageOf(statementEntry),
});

export const rechargeChannels = defineCall({
  path: '/api/money/channels',
  access: 'user',
  summary: 'The recharge channels open now (the answer is the list itself).',
  body: noFields,
  result: z.array(rechargeChannelView),
});

export const createRecharge = defineCall({
  path: '/api/money/recharge',
  access: 'user',
  summary:
    'Asks to recharge. On a randomDecimal channel payAmount is the amount plus a random extra tenth (0.10–0.90), unique among that channel\'s recharges under review: pay exactly payAmount. Same requestId and fields → the first answer; other fields → 409.',
  success: 'RECHARGE_CREATED',
  body: z.strictObject({ channelId: text(32), amount: amountSchema, requestId: requestIdSchema, voucher: imageUrl.optional() }),
  result: rechargeRecord,
});

export const attachRechargeVoucher = defineCall({
  path: '/api/money/recharge_voucher',
  access: 'user',
  summary: 'Adds or replaces the payment voucher (an image from upload/image) of a recharge under review.',
  success: 'SAVED',
  body: z.strictObject({ orderNo: orderNoSchema, voucher: imageUrl }),
  result: rechargeRecord,
});

export const rechargeList = defineCall({
  path: '/api/money/recharge_list',
  access: 'user',
  summary: "The user's recharges, newest first, optionally of one status.",
  body: recordListQuery,
  result: rechargePage,
});

export const rechargeDetail = defineCall({
  path: '/api/money/recharge_detail',
  access: 'user',
  summary: "One of the user's recharges by order number (404 for any other).",
  body: z.strictObject({ orderNo: orderNoSchema }),
  result: rechargeRecord,
});

export const withdrawInfo = defineCall({
  path: '/api/money/withdrawInfo',
  access: 'user',
  summary: 'Withdrawal limits and fee rate, the balance, how many withdrawals wait, and the last one\'s details for the form.',
  body: noFields,
  result: z.object({
    minAmount: moneyText,
    maxAmount: moneyText,
    /** A fraction: "0.015" is 1.5 %. The fee is rounded half up to the cent. */
    feeRate: z.string(),
    pendingLimit: z.number().int(),
    pending: z.number().int(),
    balance: moneyText,
    last: z.object({ name: z.string(), bankName: z.string(), cardNoMasked: z.string(), address: z.string() }).nullable(),
  }),
});

export const createWithdrawal = defineCall({
  path: '/api/money/withdraw',
  access: 'user',
  summary:
    'Asks to withdraw; the amount is frozen at once. `useLastCard: true` instead of `cardNo` pays to the card of the last withdrawal. Five wrong payment passwords lock withdrawals for 30 minutes. Same requestId and fields → the first answer; other fields → 409.',
  success: 'WITHDRAW_CREATED',
  body: z
    .strictObject({
      name: text(60),
      bankName: text(60),
      cardNo: cardNoSchema.optional(),
      useLastCard: z.boolean().optional(),
      address: z.string().trim().max(200).default(''),
      amount: amountSchema,
      payPassword: payPasswordSchema,
      requestId: requestIdSchema,
    })
    .refine((body) => body.cardNo !== undefined || body.useLastCard === true, {
      path: ['cardNo'],
      message: 'REQUIRED',
      params: { messageKey: 'REQUIRED' },
    }),
  result: withdrawalRecord,
});

export const withdrawalList = defineCall({
  path: '/api/money/widht_list',
  access: 'user',
  summary: "The user's withdrawals, newest first, optionally of one status; card numbers masked.",
  body: recordListQuery,
  result: withdrawalPage,
});

export const withdrawalDetail = defineCall({
  path: '/api/money/widht_detail',
  access: 'user',
  summary: "One of the user's withdrawals by order number (404 for any other).",
  body: z.strictObject({ orderNo: orderNoSchema }),
  result: withdrawalRecord,
});
