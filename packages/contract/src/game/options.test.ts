import { describe, expect, it } from 'vitest';
import {
  ALL_THROWS,
  OPTION_CODES,
  OPTION_RULES,
  defaultOdds,
  describeThrow,
  formatOdds,
  payoutCents,
  returnToPlayerBasisPoints,
  winningThrows,
} from './options.js';

/** PRODUCT §6's table: in how many of the 216 throws each option wins. */
const PRODUCT_OUTCOMES: Record<string, number> = {
  big: 105,
  small: 105,
  odd: 105,
  even: 105,
  ...Object.fromEntries([3, 6, 10, 15, 21, 25, 27, 27, 25, 21, 15, 10, 6, 3].map((n, i) => [`sum-${i + 4}`, n])),
  ...Object.fromEntries([1, 2, 3, 4, 5, 6].map((n) => [`triple-${n}`, 1])),
  'any-triple': 6,
  ...Object.fromEntries([1, 2, 3, 4, 5, 6].map((n) => [`pair-${n}`, 16])),
  straight: 24,
};
for (let a = 1; a <= 6; a += 1) {
  for (let b = a + 1; b <= 6; b += 1) {
    PRODUCT_OUTCOMES[`two-${a}-${b}`] = 30;
    for (let c = b + 1; c <= 6; c += 1) PRODUCT_OUTCOMES[`three-${a}-${b}-${c}`] = 6;
  }
}

describe('the options', () => {
  it('are exactly the codes of PRODUCT §6, each once', () => {
    expect(new Set(OPTION_CODES).size).toBe(OPTION_CODES.length);
    expect([...OPTION_CODES].sort()).toEqual(Object.keys(PRODUCT_OUTCOMES).sort());
    expect(OPTION_CODES).toHaveLength(67);
  });

  it('win in exactly the number of the 216 throws PRODUCT §6 gives, counted over every throw', () => {
    expect(ALL_THROWS).toHaveLength(216);
    for (const code of OPTION_CODES) expect(winningThrows(code), code).toBe(PRODUCT_OUTCOMES[code]);
  });

  it('follow their rule on hand-picked throws', () => {
    const wins = (code: string, dice: [number, number, number]) => OPTION_RULES.find((r) => r.code === code)!.wins(dice);
    expect(wins('big', [6, 5, 6])).toBe(true);
    expect(wins('big', [6, 6, 6])).toBe(false);
    expect(wins('small', [1, 1, 1])).toBe(false);
    expect(wins('odd', [1, 2, 4])).toBe(true);
    expect(wins('pair-3', [3, 3, 3])).toBe(true);
    expect(wins('two-2-5', [5, 1, 2])).toBe(true);
    expect(wins('two-2-5', [2, 2, 1])).toBe(false);
    expect(wins('three-1-3-6', [6, 1, 3])).toBe(true);
    expect(wins('straight', [4, 2, 3])).toBe(true);
    expect(wins('straight', [1, 3, 5])).toBe(false);
  });
});

describe('the default odds', () => {
  it('are 1.95 on big, small, odd and even', () => {
    for (const code of ['big', 'small', 'odd', 'even']) expect(formatOdds(defaultOdds(code))).toBe('1.95');
  });

  it('are elsewhere the largest two-decimal odds whose return to player stays at or below 96 %', () => {
    for (const code of OPTION_CODES.filter((c) => !['big', 'small', 'odd', 'even'].includes(c))) {
      const odds = defaultOdds(code);
      // In exact fractions: odds × outcomes ≤ 0.96 × 216 × 100, and one hundredth more would pass it.
      expect(odds * winningThrows(code), code).toBeLessThanOrEqual(20736);
      expect((odds + 1) * winningThrows(code), code).toBeGreaterThan(20736);
      expect(returnToPlayerBasisPoints(code, odds)).toBeLessThanOrEqual(9600);
    }
    expect(formatOdds(defaultOdds('triple-6'))).toBe('207.36');
    expect(formatOdds(defaultOdds('sum-10'))).toBe('7.68');
    expect(formatOdds(defaultOdds('two-1-2'))).toBe('6.91');
  });
});

describe('money of an order', () => {
  it('pays floor(amount × odds) to the cent, exactly for large amounts', () => {
    expect(payoutCents(100, 195)).toBe(195);
    expect(payoutCents(333, 195)).toBe(649); // 6.4935 → 6.49
    expect(payoutCents(1_000_000_000_000, 20736)).toBe(207_360_000_000_000);
  });

  it('describes a throw for the app', () => {
    expect(describeThrow([1, 2, 4])).toEqual({ sum: 7, triple: false, big: false, small: true, odd: true, even: false });
    expect(describeThrow([5, 5, 5])).toEqual({ sum: 15, triple: true, big: false, small: false, odd: false, even: false });
  });
});
