import { describe, expect, it } from 'vitest';
import { createSubmitGuard } from './submit-guard';

function clock(start = 1_000) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe('submit guard', () => {
  it('lets the first press through and refuses a second while the first runs', () => {
    const time = clock();
    const guard = createSubmitGuard(500, time.now);
    expect(guard.tryStart()).toBe(true);
    time.advance(5_000);
    expect(guard.tryStart()).toBe(false);
  });

  it('refuses a press within 500 ms of the last start even when the action already finished', () => {
    const time = clock();
    const guard = createSubmitGuard(500, time.now);
    guard.tryStart();
    guard.finish();
    time.advance(499);
    expect(guard.tryStart()).toBe(false);
    time.advance(1);
    expect(guard.tryStart()).toBe(true);
  });

  it('does not throttle a press for another scope, but still refuses one while the last runs', () => {
    const time = clock();
    const guard = createSubmitGuard(500, time.now);
    const first = {};
    const second = {};
    guard.tryStart(first);
    expect(guard.tryStart(second)).toBe(false);
    guard.finish();
    time.advance(100);
    expect(guard.tryStart(first)).toBe(false);
    expect(guard.tryStart(second)).toBe(true);
  });

  it('a double tap sends once', () => {
    const time = clock();
    const guard = createSubmitGuard(500, time.now);
    const sent = [guard.tryStart(), (time.advance(80), guard.tryStart())].filter(Boolean);
    expect(sent).toHaveLength(1);
  });
});
