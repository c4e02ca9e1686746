import { useEffect, useRef, useState } from 'react';
import { prefersReducedMotion } from './reduced-motion';

/** The seed's count-up lasts 2 s. */
export const COUNT_UP_MS = 2000;

/** Where a count-up from `from` to `to` stands after `progress` (0…1) of its time: whole units, easing out, exactly `to` at the end. */
export function countUpValue(from: number, to: number, progress: number): number {
  if (progress >= 1) return to;
  const eased = 1 - (1 - Math.max(0, progress)) ** 3;
  return from + Math.round((to - from) * eased);
}

/**
 * A whole number (cents, points) that counts up to `target` over 2 s, from
 * 0 the first time and from what it showed before when the target changes.
 * Readers who ask for less motion see the target at once.
 */
export function useCountUp(target: number, durationMs = COUNT_UP_MS): number {
  const [shown, setShown] = useState(0);
  const last = useRef(0);

  useEffect(() => {
    const from = last.current;
    if (from === target) return;
    const duration = prefersReducedMotion() ? 0 : durationMs;
    const start = performance.now();
    let frame = requestAnimationFrame(function step(now) {
      const value = countUpValue(from, target, duration > 0 ? (now - start) / duration : 1);
      last.current = value;
      setShown(value);
      if (value !== target) frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [target, durationMs]);

  return shown;
}
