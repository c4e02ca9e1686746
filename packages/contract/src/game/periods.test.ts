import { describe, expect, it } from 'vitest';
import { isValidPeriodSeconds, nextLocalMidnight, nextPeriod, periodAt, periodByNo, type PeriodTiming } from './periods.js';

const MINUTE: PeriodTiming = { periodSeconds: 60, lockSeconds: 10 };
const HOURLY: PeriodTiming = { periodSeconds: 3600, lockSeconds: 60 };
const at = (iso: string) => Date.parse(iso);

describe('clock-aligned periods', () => {
  it('number a UTC day from 0001 at midnight, each with its lock before the draw', () => {
    expect(periodAt(MINUTE, 'UTC', at('2026-11-23T00:00:30Z'))).toEqual({
      periodNo: '202611230001',
      index: 1,
      opensAt: at('2026-11-23T00:00:00Z'),
      locksAt: at('2026-11-23T00:00:50Z'),
      drawsAt: at('2026-11-23T00:01:00Z'),
    });
    const last = periodAt(MINUTE, 'UTC', at('2026-11-23T23:59:59.999Z'));
    expect(last.periodNo).toBe('202611231440');
    expect(nextPeriod(MINUTE, 'UTC', last).periodNo).toBe('202611240001');
  });

  it('follow the configured time zone: a day starts at local midnight', () => {
    // 16:00 UTC is midnight in Shanghai (UTC+8).
    expect(periodAt(MINUTE, 'Asia/Shanghai', at('2026-11-23T16:00:00Z')).periodNo).toBe('202611240001');
    expect(periodAt(MINUTE, 'Asia/Shanghai', at('2026-11-23T15:59:59Z')).periodNo).toBe('202611231440');
    expect(periodAt(HOURLY, 'Asia/Kolkata', at('2026-11-23T18:29:59Z')).periodNo).toBe('202611230024');
  });

  it('give the same period for every instant of its window, and find it again by number', () => {
    for (let i = 0; i < 500; i += 1) {
      const instant = at('2026-01-01T00:00:00Z') + Math.floor(Math.random() * 365 * 86_400_000);
      for (const zone of ['UTC', 'Asia/Shanghai', 'America/New_York', 'Europe/Berlin']) {
        const period = periodAt(MINUTE, zone, instant);
        expect(period.opensAt).toBeLessThanOrEqual(instant);
        expect(period.drawsAt).toBeGreaterThan(instant);
        expect(periodAt(MINUTE, zone, period.opensAt)).toEqual(period);
        expect(periodByNo(MINUTE, zone, period.periodNo)).toEqual(period);
      }
    }
  });

  it('run back to back through days whose clocks jump (23 and 25 hours), numbers rising within each day', () => {
    for (const [from, hours] of [
      ['2026-03-08T05:00:00Z', 23],
      ['2026-11-01T04:00:00Z', 25],
    ] as const) {
      let period = periodAt(HOURLY, 'America/New_York', at(from));
      expect(period.periodNo.endsWith('01')).toBe(true);
      const day = period.periodNo.slice(0, 8);
      let count = 1;
      for (;;) {
        const next = nextPeriod(HOURLY, 'America/New_York', period);
        expect(next.opensAt).toBe(period.drawsAt);
        if (next.periodNo.slice(0, 8) !== day) break;
        expect(next.index).toBe(period.index + 1);
        period = next;
        count += 1;
      }
      expect(count).toBe(hours);
    }
  });

  it('refuse numbers that are no period of the timing', () => {
    for (const periodNo of ['20261123001', '2026112300001', '202613230001', '202602300001', '202611230000', '202611231441', 'x02611230001']) {
      expect(periodByNo(MINUTE, 'UTC', periodNo), periodNo).toBeUndefined();
    }
  });

  it('accept only lengths that divide the day, from 10 seconds', () => {
    for (const seconds of [10, 60, 180, 300, 3600, 86_400]) expect(isValidPeriodSeconds(seconds), String(seconds)).toBe(true);
    for (const seconds of [0, 5, 7, 59, 7000, 86_401, 1.5]) expect(isValidPeriodSeconds(seconds), String(seconds)).toBe(false);
  });
});

describe('the next local midnight', () => {
  it('is the start of the next local day, also on days of 23 and 25 hours', () => {
    expect(nextLocalMidnight('UTC', Date.parse('2026-11-23T12:00:00Z'))).toBe(Date.parse('2026-11-24T00:00:00Z'));
    // Strictly after: at midnight itself, the one a day later.
    expect(nextLocalMidnight('UTC', Date.parse('2026-11-24T00:00:00Z'))).toBe(Date.parse('2026-11-25T00:00:00Z'));
    expect(nextLocalMidnight('Asia/Shanghai', Date.parse('2026-12-31T20:00:00Z'))).toBe(Date.parse('2026-12-31T16:00:00Z') + 86_400_000);
    // Berlin: 29 March 2026 has 23 hours, 25 October 2026 has 25.
    expect(nextLocalMidnight('Europe/Berlin', Date.parse('2026-03-29T10:00:00Z'))).toBe(Date.parse('2026-03-29T22:00:00Z'));
    expect(nextLocalMidnight('Europe/Berlin', Date.parse('2026-10-25T22:30:00Z'))).toBe(Date.parse('2026-10-25T23:00:00Z'));
    expect(nextLocalMidnight('Europe/Berlin', Date.parse('2026-10-25T00:30:00Z'))).toBe(Date.parse('2026-10-25T23:00:00Z'));
  });
});
