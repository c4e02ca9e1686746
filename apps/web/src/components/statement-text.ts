import { TRANSFER_KINDS, type TransferKind } from '@wallet/contract/core';

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

/** What a movement did, in the statement's own words: its title, and a note on where the money went. */
export interface MovementText {
  titleKey: string;
  /** Undefined where the title says it all, or the operator's reason does. */
  noteKey: string | undefined;
}

const WITH_NOTE = new Set<TransferKind>(TRANSFER_KINDS.filter((kind) => kind !== 'adjustment'));

/** The locale keys (under money.statement) that say what a movement of this kind was; a kind the app does not know reads as a movement. */
export function movementText(kind: string): MovementText {
  const known = (TRANSFER_KINDS as readonly string[]).includes(kind);
  if (!known) return { titleKey: 'money.statement.kinds.other', noteKey: undefined };
  return {
    titleKey: `money.statement.kinds.${kind}`,
    noteKey: WITH_NOTE.has(kind as TransferKind) ? `money.statement.notes.${kind}` : undefined,
  };
}

/** The figure a statement row leads with. */
export interface Headline {
  text: string;
  sign: AmountSign;
  unit: 'money' | 'points';
}

interface Movement {
  amount: string;
  frozen: string;
  coin: number;
  legs?: readonly { account: string; amount: string }[];
}

/**
 * The balance's change when it moved; else the credit points'; else what left
 * the frozen funds, without a sign: a paid-out withdrawal left the balance at
 * its request, so its payout is not a second minus; else, likewise, what a
 * chased period took from the reserve the balance set aside.
 */
export function headlineOf({ amount, frozen, coin, legs = [] }: Movement): Headline {
  if (signOf(amount) !== 'none') return { text: signedText(amount), sign: signOf(amount), unit: 'money' };
  if (coin !== 0) {
    const points = String(coin);
    return { text: signedText(points), sign: signOf(points), unit: 'points' };
  }
  const reserve = legs.find((leg) => leg.account === 'chase');
  const moved = signOf(frozen) === 'none' && reserve ? reserve.amount : frozen;
  return { text: moved.replace(/^-/, ''), sign: 'none', unit: 'money' };
}

/** The locale key (under money.statement.after) naming the account whose balance a line shows after it. */
export function balanceAfterKey(account: string): string {
  return ['available', 'frozen', 'chase', 'coin'].includes(account) ? `money.statement.after.${account}` : 'money.statement.balanceAfter';
}
