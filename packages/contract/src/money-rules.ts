/**
 * Money rules the app needs before any schema loads: record statuses, the
 * withdrawal fee, card masking. Amounts are integer cents.
 */

/**
 * A recharge or withdrawal: under review until an operator completes or
 * refuses it, once. A recharge on a random-decimal channel left under review
 * too long expires instead (its extra tenth is free again, no money moves).
 */
export const RECORD_STATUSES = ['review', 'completed', 'refused', 'expired'] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];
export const RECHARGE_STATUSES = RECORD_STATUSES;
/** Withdrawals never expire: their amount is frozen until an operator decides. */
export const WITHDRAWAL_STATUSES = ['review', 'completed', 'refused'] as const satisfies readonly RecordStatus[];

/** At most this many withdrawals of one user wait for review at a time. */
export const WITHDRAWAL_PENDING_LIMIT = 3;

export const CARD_NO_PATTERN = /^[0-9]{10,30}$/;

/** Card numbers are typed with spaces or dashes between groups; only the digits count. */
export const normaliseCardNo = (cardNo: string) => cardNo.replace(/[\s-]/g, '');

/** Keeps the last four digits: what lists, logs and the app show of a card. */
export function maskCardNo(cardNo: string): string {
  return `${'*'.repeat(Math.max(0, cardNo.length - 4))}${cardNo.slice(-4)}`;
}

/** Fee rates are kept in basis points (1/100 of a percent): 150 = 1.5 %. */
export const MAX_FEE_BASIS_POINTS = 5000;

/** The fee on a withdrawal, in cents, rounded half up; BigInt keeps large amounts exact. */
export function withdrawalFeeCents(amountCents: number, feeBasisPoints: number): number {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) throw new RangeError(`bad amount: ${amountCents}`);
  if (!Number.isInteger(feeBasisPoints) || feeBasisPoints < 0) throw new RangeError(`bad fee rate: ${feeBasisPoints}`);
  return Number((BigInt(amountCents) * BigInt(feeBasisPoints) + 5000n) / 10000n);
}

/** "0.015" for 150 basis points: the fee rate as a fraction, as the wire carries it. */
export function formatFeeRate(feeBasisPoints: number): string {
  const whole = Math.floor(feeBasisPoints / 10000);
  const fraction = String(feeBasisPoints % 10000).padStart(4, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

/** Reads "0.015" back into 150 basis points; undefined for anything else. */
export function parseFeeRate(text: string): number | undefined {
  const match = /^0(?:\.(\d{1,4}))?$/.exec(text);
  if (!match) return undefined;
  return Number((match[1] ?? '').padEnd(4, '0'));
}

/** Credit points are whole numbers; the ledger keeps them in their own accounts, apart from money. `chase` holds what chased periods still wait for. */
export const USER_ACCOUNT_KINDS = ['available', 'frozen', 'chase', 'coin'] as const;
export type UserAccountKind = (typeof USER_ACCOUNT_KINDS)[number];

/** What moved money, as statements name it (PRODUCT §5). */
export const TRANSFER_KINDS = [
  'recharge_approved',
  'withdrawal_requested',
  'withdrawal_approved',
  'withdrawal_refused',
  'order_placed',
  'order_won',
  'order_points',
  'chase_reserved',
  'chase_placed',
  'chase_returned',
  'order_voided',
  'adjustment',
] as const;
export type TransferKind = (typeof TRANSFER_KINDS)[number];
