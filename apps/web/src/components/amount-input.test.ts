import { describe, expect, it } from 'vitest';
import { centsOf, normaliseAmount, quickPicks, readAmount, withdrawalQuote } from './amount-input';

const limits = { minCents: 10_00, maxCents: 50_000_00 };

describe('a typed amount', () => {
  it('reads digits from any keyboard: full-width digits and a decimal comma', () => {
    expect(normaliseAmount(' １００．５ ')).toBe('100.5');
    expect(normaliseAmount('12,5')).toBe('12.5');
    expect(normaliseAmount('1,000')).toBe('1,000');
    expect(normaliseAmount('1,000.50')).toBe('1,000.50');
  });

  it('is read into cents, never through a float', () => {
    expect(readAmount('100', limits)).toEqual({ ok: true, cents: 100_00 });
    expect(readAmount('0.1', { minCents: 1, maxCents: 100 })).toEqual({ ok: true, cents: 10 });
    expect(readAmount('1234567.89', { minCents: 1, maxCents: 10_000_000_00 })).toEqual({ ok: true, cents: 123_456_789 });
  });

  it('names what is wrong with it', () => {
    expect(readAmount('', limits)).toEqual({ ok: false, problem: { kind: 'required' } });
    expect(readAmount('12.345', limits)).toEqual({ ok: false, problem: { kind: 'decimals' } });
    expect(readAmount('1e3', limits)).toEqual({ ok: false, problem: { kind: 'format' } });
    expect(readAmount('-5', limits)).toEqual({ ok: false, problem: { kind: 'format' } });
    expect(readAmount('9.99', limits)).toEqual({ ok: false, problem: { kind: 'range', min: '10.00', max: '50000.00' } });
    expect(readAmount('50000.01', limits)).toEqual({ ok: false, problem: { kind: 'range', min: '10.00', max: '50000.00' } });
    expect(readAmount('20', { ...limits, availableCents: 15_00 })).toEqual({ ok: false, problem: { kind: 'balance', available: '15.00' } });
  });

  it('accepts the limits themselves', () => {
    expect(readAmount('10', limits).ok).toBe(true);
    expect(readAmount('50000.00', limits).ok).toBe(true);
    expect(readAmount('15', { ...limits, availableCents: 15_00 }).ok).toBe(true);
  });
});

describe('server amounts', () => {
  it('are read into cents, signed', () => {
    expect(centsOf('12.50')).toBe(1250);
    expect(centsOf('-0.07')).toBe(-7);
    expect(centsOf('nonsense')).toBe(0);
  });
});

describe('quick amounts of a channel', () => {
  it('are round amounts within its limits', () => {
    expect(quickPicks(10_00, 50_000_00)).toEqual(['100', '200', '500', '1000', '2000', '5000']);
    expect(quickPicks(300_00, 1_000_00)).toEqual(['500', '1000']);
  });

  it('fall back to the limits when no round amount fits', () => {
    expect(quickPicks(1_00, 50_00)).toEqual(['1.00', '50.00']);
    expect(quickPicks(20_00, 20_00)).toEqual(['20.00']);
  });
});

describe('the withdrawal fee shown while typing', () => {
  it('is what the server charges: rounded half up to the cent', () => {
    expect(withdrawalQuote(100_00, '0.01')).toEqual({ fee: '1.00', arrival: '99.00', ratePercent: '1' });
    expect(withdrawalQuote(10_50, '0.015')).toEqual({ fee: '0.16', arrival: '10.34', ratePercent: '1.5' });
    expect(withdrawalQuote(33, '0.015')).toEqual({ fee: '0.00', arrival: '0.33', ratePercent: '1.5' });
    expect(withdrawalQuote(100_00, '0.1234')).toEqual({ fee: '12.34', arrival: '87.66', ratePercent: '12.34' });
    expect(withdrawalQuote(100_00, '0')).toEqual({ fee: '0.00', arrival: '100.00', ratePercent: '0' });
  });

  it('is not shown for a fee rate it cannot read', () => {
    expect(withdrawalQuote(100_00, '1.5')).toBeUndefined();
  });
});
