import { useEffect, useState } from 'react';
import { remainingSeconds } from './countdown';

const TICK_MS = 250;

/** Seconds left of a countdown started with `start(seconds)`; read off the clock, so a busy tab does not slow it. */
export function useCountdown() {
  const [endsAt, setEndsAt] = useState(0);
  const [now, setNow] = useState(0);
  const secondsLeft = remainingSeconds(endsAt, now);
  const counting = secondsLeft > 0;

  useEffect(() => {
    if (!counting) return;
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [counting]);

  const start = (seconds: number) => {
    const time = Date.now();
    setNow(time);
    setEndsAt(time + seconds * 1000);
  };

  return { secondsLeft, start };
}
