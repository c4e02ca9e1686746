/** The operator's currency as amounts show it. */
export interface CurrencyDisplay {
  /** ISO 4217, e.g. "USD". */
  code: string;
  /** What stands for it beside an amount, e.g. "$". */
  symbol: string;
}

type SignDisplay = 'exceptZero' | 'auto';

/** One formatter per language, currency and sign: building one costs far more than using it, and a page shows many amounts. */
const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, code: string, signDisplay: SignDisplay): Intl.NumberFormat {
  const key = `${locale}|${code}|${signDisplay}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol', minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay });
    formats.set(key, format);
  }
  return format;
}

const MONEY_TEXT = /^([+-]?)(\d+)(?:\.(\d{1,2}))?$/;

/**
 * A money string ("-12.50", "+3.00") in the reader's language: the locale
 * decides grouping, decimal mark, where the symbol stands and the marks that
 * keep it in order inside right-to-left text; the operator's symbol replaces
 * the locale's own so every screen shows the same one. The digits come from
 * the text itself (no float), and anything that is not a money text is shown
 * as it came.
 */
export function formatAmount(amount: string, locale: string, currency: CurrencyDisplay): string {
  const parsed = MONEY_TEXT.exec(amount.trim());
  if (!parsed) return amount;
  const [, sign, whole, cents = ''] = parsed;
  try {
    const format = numberFormat(locale, currency.code, sign === '+' ? 'exceptZero' : 'auto');
    // A decimal string keeps every digit of amounts past the float's exact range.
    const exact = `${sign === '-' ? '-' : ''}${whole}.${cents.padEnd(2, '0')}` as `${number}`;
    return format
      .formatToParts(exact)
      .map((part) => (part.type === 'currency' ? currency.symbol : part.value))
      .join('');
  } catch {
    return `${sign}${currency.symbol}${whole}.${cents.padEnd(2, '0')}`;
  }
}
