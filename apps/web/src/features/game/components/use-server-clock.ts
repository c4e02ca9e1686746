import { useState } from 'react';
import { useTicking } from '../../../components/use-ticking';

const serverSecond = (offsetMs: number) => Math.floor((Date.now() + offsetMs) / 1000);

/**
 * The server's clock (the phone's plus `offsetMs`), in milliseconds, moving
 * in whole seconds: read four times a second, so a busy tab does not slow it,
 * and changing once a second, so a page re-renders only then. Period times
 * are whole seconds, so phases change exactly on time.
 */
export function useServerClock(offsetMs: number): number {
  const [second, setSecond] = useState(() => serverSecond(offsetMs));
  useTicking(() => setSecond(serverSecond(offsetMs)));
  return second * 1000;
}
