import type { TransferKind, UserAccountKind } from '@wallet/contract/core';

/** Each pair a statement can hold (PRODUCT §5): what moved the money, on which of the user's accounts. */
const ENTRY_KEYS: Partial<Record<TransferKind, Partial<Record<UserAccountKind, string>>>> = {
  recharge_approved: { available: 'rechargeApproved' },
  withdrawal_requested: { available: 'withdrawalRequestedBalance', frozen: 'withdrawalRequestedFreeze' },
  withdrawal_approved: { frozen: 'withdrawalApproved' },
  withdrawal_refused: { frozen: 'withdrawalRefusedFreeze', available: 'withdrawalRefusedBalance' },
  order_placed: { available: 'orderPlaced' },
  order_won: { available: 'orderWon' },
  order_points: { coin: 'orderPoints' },
  adjustment: { available: 'adjustmentBalance', coin: 'adjustmentPoints' },
};

/** The locale key (under money.entries) that says what an entry means, or undefined for a pair the app does not know. */
export function entryTextKey(kind: string, account: string): string | undefined {
  const key = ENTRY_KEYS[kind as TransferKind]?.[account as UserAccountKind];
  return key && `money.entries.${key}`;
}

export type AmountSign = 'in' | 'out' | 'none';

/** Whether a signed amount ("-5.00", "12.00", "3") came in or went out. */
export function signOf(amount: string): AmountSign {
  if (amount.startsWith('-')) return 'out';
  return /[1-9]/.test(amount) ? 'in' : 'none';
}

/** "+12.00" for money in, "-12.00" for money out. */
export function signedText(amount: string): string {
  return signOf(amount) === 'in' ? `+${amount}` : amount;
}
