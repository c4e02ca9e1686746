import { describe, expect, it } from 'vitest';
import { calendarDay, earliestStart, lastThirtyDays, rangeProblem } from './statement-range';

describe('the days of a statement download', () => {
  it('start as the last 30 days, today included, by the phone’s calendar', () => {
    expect(lastThirtyDays(new Date(2026, 10, 28, 23, 59))).toEqual({ from: '2026-10-30', to: '2026-11-28' });
    expect(lastThirtyDays(new Date(2026, 2, 1, 0, 5))).toEqual({ from: '2026-01-31', to: '2026-03-01' });
  });

  it('name a day with its zeros', () => {
    expect(calendarDay(new Date(2027, 0, 5))).toBe('2027-01-05');
  });

  it('may cover one day, or up to 366 across a leap year', () => {
    expect(rangeProblem({ from: '2026-11-28', to: '2026-11-28' })).toBeUndefined();
    expect(rangeProblem({ from: '2027-03-01', to: '2028-02-29' })).toBeUndefined();
  });

  it('start at the earliest 365 days before their end', () => {
    expect(earliestStart('2028-02-29')).toBe('2027-03-01');
    expect(earliestStart('2026-11-28')).toBe('2025-11-28');
  });

  it('may not end before they start, nor cover more than 366 days', () => {
    expect(rangeProblem({ from: '2026-11-28', to: '2026-11-27' })).toBe('reversed');
    expect(rangeProblem({ from: '2027-03-01', to: '2028-03-01' })).toBe('tooLong');
  });
});
