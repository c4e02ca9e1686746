import { useState } from 'react';
import { remainingSeconds } from './countdown';
import { useTicking } from './use-ticking';

/** Seconds left of a countdown started with `start(seconds)`; read off the clock, so a busy tab does not slow it. */
export function useCountdown() {
  const [endsAt, setEndsAt] = useState(0);
  const [now, setNow] = useState(0);
  const secondsLeft = remainingSeconds(endsAt, now);

  useTicking(() => setNow(Date.now()), secondsLeft > 0);

  const start = (seconds: number) => {
    const time = Date.now();
    setNow(time);
    setEndsAt(time + seconds * 1000);
  };

  return { secondsLeft, start };
}
