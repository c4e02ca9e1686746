import { describe, expect, it } from 'vitest';
import { CHASE_PERIODS, NO_CHASE, chasePeriodNos, chaseTotal } from './chase-plan';

describe('a chase on the confirm sheet', () => {
  it('is off by default, and once on stops on a win and covers the fewest periods', () => {
    expect(NO_CHASE).toEqual({ on: false, periods: CHASE_PERIODS.min, stopOnWin: true });
    expect(CHASE_PERIODS).toEqual({ min: 2, max: 50 });
  });

  it('costs the amount per period × the periods, in whole cents', () => {
    expect(chaseTotal(99, 3)).toEqual({ totalCents: 297, total: '2.97' });
    // 0.1 × 3 is 0.30000000000000004 in floating point; cents never are.
    expect(chaseTotal(10, 3).total).toBe('0.30');
    expect(chaseTotal(200_000, 50).total).toBe('100000.00');
  });

  it('covers consecutive periods from the one it starts at', () => {
    expect(chasePeriodNos('202611280151', 3, 1440)).toEqual(['202611280151', '202611280152', '202611280153']);
  });

  it('goes on into the next day, the next month and the next year', () => {
    expect(chasePeriodNos('202611281439', 3, 1440)).toEqual(['202611281439', '202611281440', '202611290001']);
    expect(chasePeriodNos('202611302880', 2, 2880)).toEqual(['202611302880', '202612010001']);
    expect(chasePeriodNos('202612310024', 2, 24)).toEqual(['202612310024', '202701010001']);
  });

  it('keeps five digits for a day with more than 9 999 periods', () => {
    expect(chasePeriodNos('2026112817280', 2, 17280)).toEqual(['2026112817280', '2026112900001']);
  });
});
