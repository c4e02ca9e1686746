import { randomInt } from 'node:crypto';

/** Crockford's base 32: no I, L, O or U, so a number read aloud or retyped is not misread. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const RANDOM_LENGTH = 10;

export type OrderKind = 'recharge' | 'withdrawal' | 'order' | 'adjustment' | 'chase';

const PREFIX: Record<OrderKind, string> = { recharge: 'R', withdrawal: 'W', order: 'G', adjustment: 'A', chase: 'C' };

/**
 * `R261121K7M9Q2XJ4B`: a letter for the kind, the UTC date, then 50 random
 * bits. Support can read it out; nobody can guess a neighbour's from their own.
 */
export function newOrderNo(kind: OrderKind, now: number): string {
  const date = new Date(now).toISOString().slice(2, 10).replaceAll('-', '');
  let random = '';
  for (let i = 0; i < RANDOM_LENGTH; i += 1) random += ALPHABET[randomInt(ALPHABET.length)];
  return `${PREFIX[kind]}${date}${random}`;
}
