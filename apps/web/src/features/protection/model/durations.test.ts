import { describe, expect, it } from 'vitest';
import { formatDuration, unitText } from './durations';

const MINUTE = 60_000;

describe('durations in the reader’s language', () => {
  it('names the units with the language’s plurals', () => {
    expect(unitText(1, 'day', 'en')).toBe('1 day');
    expect(unitText(42, 'day', 'en')).toBe('42 days');
    expect(unitText(15, 'minute', 'en')).toBe('15 minutes');
    expect(unitText(15, 'minute', 'en', 'short')).toBe('15 min');
  });

  it('keeps Latin digits in every language, as the amounts beside them', () => {
    expect(unitText(30, 'day', 'ar')).toMatch(/30/);
  });

  it('says hours and minutes, leaving out a part that is zero', () => {
    expect(formatDuration(15 * MINUTE + 59_999, 'en')).toBe('15 minutes');
    expect(formatDuration(65 * MINUTE, 'en')).toBe('1 hour, 5 minutes');
    expect(formatDuration(120 * MINUTE, 'en')).toBe('2 hours');
    expect(formatDuration(20_000, 'en')).toBe('0 minutes');
  });
});
