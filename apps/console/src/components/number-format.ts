import { formatMoney, parseMoney } from '@wallet/contract/core';

/*
 * Every amount and count the console shows goes through here, so a figure
 * reads the same in a table, a card, a chart and a message: digits grouped
 * by three with a comma, money with its two decimals as the server wrote
 * them (never through a float).
 */

const grouped = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** A money string of the wire ("-1234.50") as shown: "-1,234.50"; `signed` adds "+" to a gain. */
export function formatAmount(money: string, signed = false): string {
  const negative = money.startsWith('-');
  const [whole = '', decimals] = money.replace(/^[-+]/, '').split('.');
  const sign = negative ? '-' : signed && /[1-9]/.test(money) ? '+' : '';
  return `${sign}${grouped(whole)}${decimals === undefined ? '' : `.${decimals}`}`;
}

/** An amount as shown ("-1,234.50") with the operator's currency symbol after its sign: "-$1,234.50". */
export function withCurrency(amount: string, symbol: string | undefined): string {
  if (!symbol) return amount;
  const sign = /^[-+]/.exec(amount)?.[0] ?? '';
  return `${sign}${symbol}${amount.slice(sign.length)}`;
}

/** Cents as an amount: "1,234.50". */
export const formatCents = (cents: number): string => formatAmount(formatMoney(cents));

/** A whole number: "12,345"; `signed` adds "+" to a gain, as for amounts. */
export const formatCount = (count: number, signed = false): string => formatAmount(String(count), signed);

/** Basis points as a percentage with two decimals: 9479 → "94.79%". */
export const formatPercent = (basisPoints: number): string => `${formatCents(basisPoints)}%`;

/** A money string of the wire as cents, for sums, shares and charts; 0 for anything else. */
export function centsOf(money: string): number {
  const parsed = parseMoney(money, { allowNegative: true });
  return parsed.ok ? parsed.cents : 0;
}
