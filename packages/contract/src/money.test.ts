import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_MONEY_CENTS, formatMoney, parseMoney, type MoneyError } from './money.js';

const ok = (cents: number) => ({ ok: true, cents });
const fail = (error: MoneyError) => ({ ok: false, error });

describe('parseMoney', () => {
  it.each([
    ['0', 0],
    ['0.5', 50],
    ['0.05', 5],
    ['12.50', 1250],
    ['12.5', 1250],
    ['7', 700],
    ['10000000000.00', 1_000_000_000_000],
  ])('reads %j as %d cents', (text, cents) => {
    expect(parseMoney(text)).toEqual(ok(cents));
  });

  it.each([
    ['12.345', 'MONEY_DECIMALS'],
    ['1.000', 'MONEY_DECIMALS'],
    ['-1', 'MONEY_NEGATIVE'],
    ['-0.01', 'MONEY_NEGATIVE'],
    ['1e3', 'MONEY_FORMAT'],
    ['NaN', 'MONEY_FORMAT'],
    ['Infinity', 'MONEY_FORMAT'],
    ['-Infinity', 'MONEY_FORMAT'],
    [' 1', 'MONEY_FORMAT'],
    ['1 ', 'MONEY_FORMAT'],
    ['1\n', 'MONEY_FORMAT'],
    ['1.', 'MONEY_FORMAT'],
    ['.5', 'MONEY_FORMAT'],
    ['', 'MONEY_FORMAT'],
    ['+1', 'MONEY_FORMAT'],
    ['01', 'MONEY_FORMAT'],
    ['1,50', 'MONEY_FORMAT'],
    ['0x10', 'MONEY_FORMAT'],
    ['١٢', 'MONEY_FORMAT'],
    ['10000000000.01', 'MONEY_TOO_LARGE'],
    ['99999999999999', 'MONEY_TOO_LARGE'],
    [`1${'0'.repeat(40)}`, 'MONEY_TOO_LARGE'],
  ] as const)('rejects %j with %s', (text, error) => {
    expect(parseMoney(text)).toEqual(fail(error));
  });

  it('accepts a negative amount only with allowNegative', () => {
    expect(parseMoney('-1', { allowNegative: true })).toEqual(ok(-100));
    expect(parseMoney('-12.34', { allowNegative: true })).toEqual(ok(-1234));
    expect(parseMoney('-12.345', { allowNegative: true })).toEqual(fail('MONEY_DECIMALS'));
    expect(parseMoney('-10000000000.01', { allowNegative: true })).toEqual(fail('MONEY_TOO_LARGE'));
  });

  it('reads "-0" as zero, never as negative zero', () => {
    for (const options of [{}, { allowNegative: true }]) {
      const result = parseMoney('-0', options);
      expect(result).toEqual(ok(0));
      expect(result.ok && Object.is(result.cents, -0)).toBe(false);
    }
  });

  it.each([
    [12.34, 1234],
    [0.1, 10],
    [0.07, 7],
    [5, 500],
    [0, 0],
  ])('reads the number %d as %d cents', (value, cents) => {
    expect(parseMoney(value)).toEqual(ok(cents));
  });

  it.each([
    ['NaN', Number.NaN, 'MONEY_FORMAT'],
    ['Infinity', Number.POSITIVE_INFINITY, 'MONEY_FORMAT'],
    ['0.1 + 0.2', 0.1 + 0.2, 'MONEY_DECIMALS'],
    ['1.005', 1.005, 'MONEY_DECIMALS'],
    ['-3', -3, 'MONEY_NEGATIVE'],
    ['1e15', 1e15, 'MONEY_TOO_LARGE'],
  ] as const)('rejects the number %s with %s', (_name, value, error) => {
    expect(parseMoney(value)).toEqual(fail(error));
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['a boolean', true],
    ['an object', { amount: '1.00' }],
    ['an array', ['1.00']],
  ])('rejects %s as MONEY_FORMAT', (_name, value) => {
    expect(parseMoney(value)).toEqual(fail('MONEY_FORMAT'));
  });
});

describe('formatMoney', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [50, '0.50'],
    [1250, '12.50'],
    [100, '1.00'],
    [-5, '-0.05'],
    [-1234, '-12.34'],
    [MAX_MONEY_CENTS, '10000000000.00'],
  ])('formats %d cents as %j', (cents, text) => {
    expect(formatMoney(cents)).toBe(text);
  });

  it.each([
    ['a fraction of a cent', 1.5],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['an unsafe integer', Number.MAX_SAFE_INTEGER + 1],
  ])('refuses %s', (_name, value) => {
    expect(() => formatMoney(value)).toThrow(RangeError);
  });

  it('round-trips every whole number of cents in range', () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX_MONEY_CENTS, max: MAX_MONEY_CENTS }), (cents) => {
        const text = formatMoney(cents);
        expect(text).toMatch(/^-?(0|[1-9]\d*)\.\d{2}$/);
        // Independent of the code: dropping the point leaves the cents as a decimal integer.
        expect(BigInt(text.replace('.', ''))).toBe(BigInt(cents));
        const parsed = parseMoney(text, { allowNegative: true });
        expect(parsed).toEqual(ok(cents));
        expect(parsed.ok && formatMoney(parsed.cents)).toBe(text);
      }),
      { numRuns: 1000 },
    );
  });
});
