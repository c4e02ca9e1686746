import { useEffect, useEffectEvent } from 'react';

/** A clock on screen is read four times a second: a busy tab runs its timers late, and the shown second still changes on time. */
const TICK_MS = 250;

/** Calls `onTick` four times a second while `active`; it reads the clock itself, so no tick depends on the one before. */
export function useTicking(onTick: () => void, active = true): void {
  const tick = useEffectEvent(onTick);
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => tick(), TICK_MS);
    return () => clearInterval(timer);
  }, [active]);
}
