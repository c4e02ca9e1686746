import { z } from 'zod';
import { pageOf, pageQueryShape } from './accounts.js';
import { CARD_NO_PATTERN, RECORD_STATUSES, TRANSFER_KINDS, USER_ACCOUNT_KINDS, WITHDRAWAL_STATUSES, normaliseCardNo } from './money-rules.js';
import { CHANNEL_KINDS, channelDetailSchema } from './settings.js';
import { moneySchema } from './validation.js';

/** Money and record shapes shared by the app's and the operators' money calls. */

/** A money amount on the wire: exactly two decimals, e.g. "12.50". */
export const moneyText = z.string().regex(/^-?\d+\.\d{2}$/);

/** A positive amount of at most two decimals, read into cents. */
export const amountSchema = moneySchema().refine((cents) => cents > 0, {
  message: 'TOO_SMALL',
  params: { messageKey: 'AMOUNT_POSITIVE' },
});

/** A client-made id per user action (a UUID), sent again unchanged on every retry of that action. */
export const requestIdSchema = z
  .string()
  .refine((value) => /^[A-Za-z0-9_-]{8,64}$/.test(value), { message: 'REQUEST_ID_RULE', params: { messageKey: 'REQUEST_ID_RULE' } });

export const cardNoSchema = z
  .string()
  .max(60)
  .transform(normaliseCardNo)
  .refine((value) => CARD_NO_PATTERN.test(value), { message: 'CARD_NO_RULE', params: { messageKey: 'CARD_NO_RULE' } });

export const recordStatusSchema = z.enum(RECORD_STATUSES);

export const recordListQuery = z.strictObject({ status: recordStatusSchema.optional(), ...pageQueryShape });

export const orderNoSchema = z.string().trim().min(1).max(40);

export const rechargeChannelView = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(CHANNEL_KINDS),
  details: z.array(channelDetailSchema),
  minAmount: moneyText,
  maxAmount: moneyText,
  randomDecimal: z.boolean(),
});

export const rechargeRecord = z.object({
  orderNo: z.string(),
  /** What the user asked to recharge. */
  amount: moneyText,
  /** What to pay, exactly; it is what is credited on approval. */
  payAmount: moneyText,
  status: recordStatusSchema,
  /** The operator's remark; always given when refused. */
  remark: z.string(),
  channel: z.object({ id: z.string(), name: z.string(), kind: z.enum(CHANNEL_KINDS), details: z.array(channelDetailSchema) }),
  randomDecimal: z.boolean(),
  voucher: z.string().nullable(),
  createdAt: z.number(),
  reviewedAt: z.number().nullable(),
});

export const withdrawalRecord = z.object({
  orderNo: z.string(),
  amount: moneyText,
  fee: moneyText,
  /** What reaches the card: amount − fee. */
  arrival: moneyText,
  status: z.enum(WITHDRAWAL_STATUSES),
  remark: z.string(),
  name: z.string(),
  bankName: z.string(),
  cardNoMasked: z.string(),
  address: z.string(),
  createdAt: z.number(),
  reviewedAt: z.number().nullable(),
});

/**
 * One movement of the user's money as the user reads it: one ledger transfer
 * (PRODUCT §5), so a page never splits a movement in two. `amount` and
 * `balanceAfter` are the movement's effect on the available balance (the
 * balance the user spends), not on any single ledger entry: a withdrawal
 * request is "-500.80" (the money is frozen until reviewed), its payout "0.00"
 * (the balance already moved at the request), its refusal "+500.80".
 */
/** A statement lists money (balance, frozen funds, chase reserve) or credit points; without one, both. */
export const STATEMENT_UNITS = ['money', 'points'] as const;

export const statementEntry = z.object({
  /** The ledger transfer's id. */
  id: z.string(),
  /** What moved the money (PRODUCT §5). */
  kind: z.enum(TRANSFER_KINDS),
  /** The change of the available balance, signed: "-100.00" left it; "0.00" when it did not move. */
  amount: moneyText,
  /** The account the line moved, whose balance balanceAfter is: the balance when it moved, else credit points, else the frozen funds, else the chase reserve. */
  balanceAccount: z.enum(USER_ACCOUNT_KINDS),
  /** That account's balance right after the movement: money ("12.50"), or credit points as a whole number ("40"). */
  balanceAfter: z.string(),
  /** The change of the frozen funds, signed; "0.00" when they did not move. */
  frozen: moneyText,
  /** The change of credit points, signed; 0 when they did not move. */
  coin: z.number().int(),
  /** The order number the movement belongs to, or an adjustment's id. */
  reference: z.string(),
  /** An operator adjustment's reason; empty otherwise. */
  memo: z.string(),
  createdAt: z.number(),
  /** The movement's ledger entries on the user's own accounts, in the order balance, freeze, credit points. */
  legs: z.array(
    z.object({
      account: z.enum(USER_ACCOUNT_KINDS),
      /** Signed: "-100.00" left the account. Credit points are whole numbers ("5"). */
      amount: z.string(),
      balanceAfter: z.string(),
    }),
  ),
});

const reviewed = { userId: z.string(), username: z.string(), reviewedBy: z.string().nullable() };

export const operatorRechargeRecord = rechargeRecord.extend(reviewed);
export const operatorWithdrawalRecord = withdrawalRecord.extend({ ...reviewed, cardNo: z.string() });

/** The accounts an operator may adjust: the balance, and credit points. */
export const ADJUSTABLE_ACCOUNTS = ['available', 'coin'] as const;

export const rechargePage = pageOf(rechargeRecord);
export const withdrawalPage = pageOf(withdrawalRecord);
