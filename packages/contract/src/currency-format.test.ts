import { describe, expect, it } from 'vitest';
import { formatAmount } from './currency-format.js';
import { currencySettingSchema } from './settings.js';

const usd = { code: 'USD', symbol: '$' };

describe('formatAmount', () => {
  it('puts the operator symbol where the language puts a currency', () => {
    expect(formatAmount('1234.50', 'en', usd)).toBe('$1,234.50');
    expect(formatAmount('1234.50', 'de', { code: 'EUR', symbol: '€' })).toBe('1.234,50\u00a0€');
    expect(formatAmount('1234567.50', 'hi', { code: 'INR', symbol: '₹' })).toBe('₹12,34,567.50');
  });

  it('uses the operator symbol, not the locale one', () => {
    expect(formatAmount('5.00', 'en', { code: 'MYR', symbol: 'RM' })).toMatch(/^RM\s5\.00$/);
    expect(formatAmount('5.00', 'zh-CN', { code: 'CNY', symbol: '¥' })).toBe('¥5.00');
  });

  it('keeps signs: minus always, plus when given, none on zero', () => {
    expect(formatAmount('-2.00', 'en', usd)).toBe('-$2.00');
    expect(formatAmount('+120.00', 'en', usd)).toBe('+$120.00');
    expect(formatAmount('+0.00', 'en', usd)).toBe('$0.00');
  });

  it('marks the order for right-to-left text in Arabic', () => {
    const shown = formatAmount('-12.50', 'ar', usd);
    expect(shown).toContain('$');
    expect(shown.replace(/[\u200e\u200f\u061c]/g, '')).toMatch(/^-?12[.٫]50\s\$$|^-١٢٫٥٠\s\$$/);
  });

  it('keeps every digit of amounts beyond floating point precision', () => {
    expect(formatAmount('90071992547409.93', 'en', usd)).toBe('$90,071,992,547,409.93');
  });

  it('shows anything that is not a money text as it came', () => {
    expect(formatAmount('12', 'en', usd)).toBe('$12.00');
    expect(formatAmount('abc', 'en', usd)).toBe('abc');
  });
});

describe('currency setting', () => {
  it('accepts a known ISO 4217 code and upper-cases it', () => {
    expect(currencySettingSchema.parse({ code: 'eur', symbol: '€' })).toEqual({ code: 'EUR', symbol: '€' });
  });

  it('refuses an unknown code and an empty symbol', () => {
    const unknown = currencySettingSchema.safeParse({ code: 'XYZ', symbol: '$' });
    expect(unknown.success).toBe(false);
    expect(unknown.error?.issues[0]).toMatchObject({ path: ['code'], params: { messageKey: 'CURRENCY_CODE_RULE' } });
    expect(currencySettingSchema.safeParse({ code: 'USD', symbol: ' ' }).success).toBe(false);
    expect(currencySettingSchema.safeParse({ code: 'US', symbol: '$' }).success).toBe(false);
  });
});
