import { formatMoney, parseMoney, parseFeeRate, withdrawalFeeCents } from '@wallet/contract/core';

const FULL_WIDTH_DIGITS = /[０-９]/g;

/**
 * What the user typed, as the wire reads it: full-width digits (Chinese and
 * Japanese keyboards) become ASCII, and a lone comma is a decimal comma (the
 * decimal keypad of many European phones types "12,5").
 */
export function normaliseAmount(typed: string): string {
  const ascii = typed
    .trim()
    .replace(FULL_WIDTH_DIGITS, (digit) => String.fromCharCode(digit.charCodeAt(0) - 0xfee0))
    .replace(/．/g, '.');
  return !ascii.includes('.') && /^\d+,\d{1,2}$/.test(ascii) ? ascii.replace(',', '.') : ascii;
}

/** An amount's limits, in cents; `available` is what the user can spend, where it matters. */
export interface AmountLimits {
  minCents: number;
  maxCents: number;
  availableCents?: number;
}

export type AmountProblem =
  | { kind: 'required' }
  | { kind: 'format' }
  | { kind: 'decimals' }
  | { kind: 'range'; min: string; max: string }
  | { kind: 'balance'; available: string };

/** Why a typed amount cannot be sent, or its cents. */
export function readAmount(typed: string, limits: AmountLimits): { ok: true; cents: number } | { ok: false; problem: AmountProblem } {
  const text = normaliseAmount(typed);
  if (!text) return { ok: false, problem: { kind: 'required' } };
  const parsed = parseMoney(text);
  if (!parsed.ok) return { ok: false, problem: { kind: parsed.error === 'MONEY_DECIMALS' ? 'decimals' : 'format' } };
  const { cents } = parsed;
  if (cents < limits.minCents || cents > limits.maxCents || cents <= 0)
    return { ok: false, problem: { kind: 'range', min: formatMoney(limits.minCents), max: formatMoney(limits.maxCents) } };
  if (limits.availableCents !== undefined && cents > limits.availableCents)
    return { ok: false, problem: { kind: 'balance', available: formatMoney(limits.availableCents) } };
  return { ok: true, cents };
}

/** Cents of a two-decimal string from the server; 0 for anything unreadable. */
export function centsOf(money: string): number {
  const parsed = parseMoney(money, { allowNegative: true });
  return parsed.ok ? parsed.cents : 0;
}

const QUICK_PICK_UNITS = [100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000];
const QUICK_PICK_COUNT = 6;

/** Round amounts a channel accepts, for one-tap entry; its own limits when no round amount fits. */
export function quickPicks(minCents: number, maxCents: number): string[] {
  const round = QUICK_PICK_UNITS.filter((units) => units * 100 >= minCents && units * 100 <= maxCents);
  if (round.length > 0) return round.slice(0, QUICK_PICK_COUNT).map(String);
  return [...new Set([minCents, maxCents])].map(formatMoney);
}

export interface WithdrawalQuote {
  fee: string;
  arrival: string;
  /** "1.5" for a fee rate of "0.015". */
  ratePercent: string;
}

/** The fee and what reaches the card, worked out in cents exactly as the server does. */
export function withdrawalQuote(amountCents: number, feeRate: string): WithdrawalQuote | undefined {
  const basisPoints = parseFeeRate(feeRate);
  if (basisPoints === undefined) return undefined;
  const fee = withdrawalFeeCents(amountCents, basisPoints);
  const percent = `${Math.floor(basisPoints / 100)}.${String(basisPoints % 100).padStart(2, '0')}`.replace(/\.?0+$/, '');
  return { fee: formatMoney(fee), arrival: formatMoney(amountCents - fee), ratePercent: percent };
}
