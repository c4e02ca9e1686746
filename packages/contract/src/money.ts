/**
 * Money is integer cents in storage and a two-decimal string on the wire.
 * These are the only conversions between the two.
 */

/** 10 000 000 000.00: far above any limit, far below Number.MAX_SAFE_INTEGER cents. */
export const MAX_MONEY_CENTS = 1_000_000_000_000;

export type MoneyError = 'MONEY_FORMAT' | 'MONEY_DECIMALS' | 'MONEY_NEGATIVE' | 'MONEY_TOO_LARGE';

export type MoneyParse = { ok: true; cents: number } | { ok: false; error: MoneyError };

export interface MoneyParseOptions {
  allowNegative?: boolean;
}

const MONEY_PATTERN = /^(-?)(0|[1-9]\d*)(?:\.(\d+))?$/;

/**
 * Parses a decimal amount such as "12.5" or "0.07". Rejects more than two
 * decimals, exponents, NaN, Infinity, blanks, signs other than a leading
 * minus (and that only with allowNegative), and anything past MAX_MONEY_CENTS.
 * Numbers are read through their shortest decimal form, so 12.34 → 1234.
 */
export function parseMoney(input: unknown, options: MoneyParseOptions = {}): MoneyParse {
  let text: string;
  if (typeof input === 'string') text = input;
  else if (typeof input === 'number' && Number.isFinite(input)) text = String(input);
  else return { ok: false, error: 'MONEY_FORMAT' };

  const match = MONEY_PATTERN.exec(text);
  if (!match) return { ok: false, error: 'MONEY_FORMAT' };
  const [, sign, whole = '', fraction = ''] = match;
  if (fraction.length > 2) return { ok: false, error: 'MONEY_DECIMALS' };
  if (whole.length > 13) return { ok: false, error: 'MONEY_TOO_LARGE' };

  const magnitude = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (magnitude > MAX_MONEY_CENTS) return { ok: false, error: 'MONEY_TOO_LARGE' };
  if (sign === '-' && magnitude !== 0) {
    if (!options.allowNegative) return { ok: false, error: 'MONEY_NEGATIVE' };
    return { ok: true, cents: -magnitude };
  }
  return { ok: true, cents: magnitude };
}

/** Formats integer cents as "-1234.05"; refuses anything that is not a safe integer. */
export function formatMoney(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const magnitude = Math.abs(cents);
  const whole = Math.floor(magnitude / 100);
  const fraction = String(magnitude % 100).padStart(2, '0');
  return `${sign}${whole}.${fraction}`;
}
