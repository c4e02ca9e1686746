import { describe, expect, it } from 'vitest';
import { DRAW_GRACE_MS, DRAW_POLL_MS, DRAW_WAIT_LIMIT_MS, formatCountdown, periodPhase, periodRefetchDelayMs } from './period-phase';

// A 60-second period that locks 10 seconds before its draw.
const opensAt = 1_700_000_040_000;
const period = { opensAt, locksAt: opensAt + 50_000, drawsAt: opensAt + 60_000 };

describe('the phase of a period by the server clock', () => {
  it('counts down to the opening of a period not open yet', () => {
    expect(periodPhase(period, opensAt - 4_500)).toEqual({ phase: 'upcoming', secondsLeft: 5 });
  });

  it('counts down to the lock while open, the last second showing as 1', () => {
    expect(periodPhase(period, opensAt)).toEqual({ phase: 'open', secondsLeft: 50 });
    expect(periodPhase(period, period.locksAt - 1)).toEqual({ phase: 'open', secondsLeft: 1 });
  });

  it('is locked from locksAt, counting down to the draw', () => {
    expect(periodPhase(period, period.locksAt)).toEqual({ phase: 'locked', secondsLeft: 10 });
    expect(periodPhase(period, period.drawsAt - 200)).toEqual({ phase: 'locked', secondsLeft: 1 });
  });

  it('is drawing from the draw time on', () => {
    expect(periodPhase(period, period.drawsAt)).toEqual({ phase: 'drawing', secondsLeft: 0 });
    expect(periodPhase(period, period.drawsAt + 9_000)).toEqual({ phase: 'drawing', secondsLeft: 0 });
  });

  it('follows the server clock, not the phone: a phone 2 minutes behind still sees the lock on time', () => {
    const offset = 120_000;
    // At the lock, such a phone reads a time two minutes earlier: on its own clock ordering would look possible.
    const phoneReads = period.locksAt - offset;
    expect(periodPhase(period, phoneReads).phase).not.toBe('locked');
    expect(periodPhase(period, phoneReads + offset).phase).toBe('locked');
  });
});

describe('the countdown text', () => {
  it('shows minutes and seconds, and hours only when there are some', () => {
    expect(formatCountdown(7)).toBe('0:07');
    expect(formatCountdown(165)).toBe('2:45');
    expect(formatCountdown(3600)).toBe('1:00:00');
    expect(formatCountdown(-3)).toBe('0:00');
  });
});

describe('when the period is asked for again', () => {
  const previousDrawn = { ...period, recent: [{ drawsAt: opensAt }] };
  const previousAwaited = { ...period, recent: [{ drawsAt: opensAt - 60_000 }] };

  it('is just after the draw time when nothing is awaited', () => {
    expect(periodRefetchDelayMs(previousDrawn, opensAt + 20_000)).toBe(40_000 + DRAW_GRACE_MS);
  });

  it('is every second while the period before has not been drawn yet', () => {
    expect(periodRefetchDelayMs(previousAwaited, opensAt + 500)).toBe(DRAW_POLL_MS);
  });

  it('stops waiting for a result that never comes (a period skipped after an outage)', () => {
    expect(periodRefetchDelayMs(previousAwaited, opensAt + DRAW_WAIT_LIMIT_MS + 1)).toBe(60_000 - DRAW_WAIT_LIMIT_MS - 1 + DRAW_GRACE_MS);
  });

  it('does not poll for a predecessor before an upcoming period opens', () => {
    expect(periodRefetchDelayMs({ ...period, recent: [] }, opensAt - 5_000)).toBe(65_000 + DRAW_GRACE_MS);
  });

  it('is every second once the draw is overdue', () => {
    expect(periodRefetchDelayMs(previousDrawn, period.drawsAt + 2_000)).toBe(DRAW_POLL_MS);
  });
});
