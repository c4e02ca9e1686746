import { localDateOf } from '@wallet/contract/core';
import { useServerTimeZone } from '../api/me';
import { useNow } from './use-now';

/** How often a page asks the clock what day it is, so one left open past midnight moves on. */
const CLOCK_MS = 60_000;

/**
 * Today as the server counts days (in its time zone, which `me` says), not
 * the browser's: the day the dashboard and the exports mean. Undefined while
 * the zone is on its way.
 */
export function useServerToday(): string | undefined {
  const timeZone = useServerTimeZone();
  const now = useNow(CLOCK_MS);
  return timeZone ? localDateOf(now, timeZone) : undefined;
}
