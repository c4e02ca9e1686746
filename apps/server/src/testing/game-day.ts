import { SHORT_PROJECT } from './game.js';
import { manualClock, operatorToken, startClockedServer, type ClockedServer } from './accounts.js';

const SECOND = 1000;
const DAY = 86_400 * SECOND;

/** The timing of SHORT_PROJECT, to name its periods with `periodAt`. */
export const SHORT_TIMING = { periodSeconds: SHORT_PROJECT.periodSeconds, lockSeconds: SHORT_PROJECT.lockSeconds };

/**
 * A server on UTC whose clock the test moves, starting today at `hour`:00:20:
 * thousands of 10-second periods before midnight. With the operator's token.
 */
export async function startGameDayServer(hour = 6, env: Record<string, string> = {}): Promise<{ server: ClockedServer; token: string }> {
  const start = Math.floor(Date.now() / DAY) * DAY + hour * 3600 * SECOND + 20 * SECOND;
  const server = await startClockedServer({ TIME_ZONE: 'UTC', ...env }, manualClock(start));
  return { server, token: await operatorToken(server) };
}
