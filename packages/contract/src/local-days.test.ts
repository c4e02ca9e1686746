import { describe, expect, it } from 'vitest';
import { daysSpan, localDateOf, localIsoTime } from './local-days.js';

describe('days in a time zone', () => {
  it('span from the local midnight starting the first day to the one ending the last, 23 hours on a spring-forward day', () => {
    expect(daysSpan('2026-03-12', '2026-03-12', 'Asia/Shanghai')).toEqual({ start: Date.UTC(2026, 2, 11, 16), end: Date.UTC(2026, 2, 12, 16) });
    const spring = daysSpan('2026-03-29', '2026-03-29', 'Europe/Berlin');
    expect(spring.end! - spring.start!).toBe(23 * 3_600_000);
    expect(daysSpan(undefined, '2026-03-12', 'UTC')).toEqual({ start: undefined, end: Date.UTC(2026, 2, 13) });
  });

  it('write an instant with the zone’s offset, so the date read is the day it counts on', () => {
    const justAfterMidnight = Date.UTC(2026, 2, 11, 16, 0, 0, 1);
    expect(localIsoTime(justAfterMidnight, 'Asia/Shanghai')).toBe('2026-03-12T00:00:00.001+08:00');
    expect(localIsoTime(justAfterMidnight - 2, 'Asia/Shanghai')).toBe('2026-03-11T23:59:59.999+08:00');
    expect(localIsoTime(Date.UTC(2026, 0, 1, 2, 30), 'America/St_Johns')).toBe('2025-12-31T23:00:00.000-03:30');
    expect(localIsoTime(Date.UTC(2026, 0, 1), 'UTC')).toBe('2026-01-01T00:00:00.000+00:00');
    for (const at of [justAfterMidnight, justAfterMidnight - 2]) {
      expect(localIsoTime(at, 'Asia/Shanghai').slice(0, 10)).toBe(localDateOf(at, 'Asia/Shanghai'));
      expect(Date.parse(localIsoTime(at, 'Asia/Shanghai'))).toBe(at);
    }
  });
});
