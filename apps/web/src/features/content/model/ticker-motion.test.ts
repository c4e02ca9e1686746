import { describe, expect, it } from 'vitest';
import { TICKER_MIN_SECONDS, tickerSeconds } from './ticker-motion';

describe('how long the ticker takes for one pass', () => {
  it('grows with the text, so the speed stays the same', () => {
    const one = tickerSeconds(['A'.repeat(120)]);
    const two = tickerSeconds(['A'.repeat(120), 'B'.repeat(120)]);
    expect(two).toBeGreaterThan(one);
    expect(two / one).toBeCloseTo(2, 1);
  });

  it('never rushes a short ticker', () => {
    expect(tickerSeconds(['Hi'])).toBe(TICKER_MIN_SECONDS);
  });

  it('counts an emoji or a Chinese character as one character', () => {
    expect(tickerSeconds(['😀'.repeat(120)])).toBe(tickerSeconds(['中'.repeat(120)]));
    expect(tickerSeconds(['😀'.repeat(120)])).toBe(tickerSeconds(['a'.repeat(120)]));
  });
});
