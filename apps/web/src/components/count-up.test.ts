import { describe, expect, it } from 'vitest';
import { countUpValue } from './count-up';

describe('a count-up', () => {
  it('starts where it was and ends exactly on the target', () => {
    expect(countUpValue(0, 123_45, 0)).toBe(0);
    expect(countUpValue(0, 123_45, 1)).toBe(123_45);
    expect(countUpValue(0, 123_45, 1.3)).toBe(123_45);
    expect(countUpValue(500, 100, 1)).toBe(100);
  });

  it('moves in whole units, always towards the target', () => {
    let last = 0;
    for (let step = 0; step <= 20; step += 1) {
      const value = countUpValue(0, 999_99, step / 20);
      expect(Number.isInteger(value)).toBe(true);
      expect(value).toBeGreaterThanOrEqual(last);
      last = value;
    }
    expect(countUpValue(100, 0, 0.5)).toBeLessThan(100);
  });
});
