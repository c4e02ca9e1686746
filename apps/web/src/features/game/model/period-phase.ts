import { remainingSeconds } from '../../../components/countdown';

/**
 * Where a period stands by the server's clock: not open yet, open for orders,
 * locked (the last seconds, waiting for the draw), or past its draw time and
 * waiting for the server to show the next period.
 */
export type PeriodPhase = 'upcoming' | 'open' | 'locked' | 'drawing';

export interface PeriodTimes {
  opensAt: number;
  locksAt: number;
  drawsAt: number;
}

export interface PhaseNow {
  phase: PeriodPhase;
  /** Whole seconds until the phase ends, the last second showing as 1; 0 while drawing. */
  secondsLeft: number;
}

export function periodPhase(period: PeriodTimes, serverNow: number): PhaseNow {
  if (serverNow < period.opensAt) return { phase: 'upcoming', secondsLeft: remainingSeconds(period.opensAt, serverNow) };
  if (serverNow < period.locksAt) return { phase: 'open', secondsLeft: remainingSeconds(period.locksAt, serverNow) };
  if (serverNow < period.drawsAt) return { phase: 'locked', secondsLeft: remainingSeconds(period.drawsAt, serverNow) };
  return { phase: 'drawing', secondsLeft: 0 };
}

/** "0:07", "2:45", "1:00:00": minutes and seconds, hours only when there are some. */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const secs = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${secs}` : `${minutes}:${secs}`;
}

/** The server draws a little after the period's end; asking again right at the second would often find it not yet drawn. */
export const DRAW_GRACE_MS = 300;
/** While a draw that is due has not come yet, ask this often. */
export const DRAW_POLL_MS = 1000;
/** How long after a period opens its predecessor's result is still awaited (then it was skipped, e.g. after an outage). */
export const DRAW_WAIT_LIMIT_MS = 30_000;

interface PeriodAnswer extends PeriodTimes {
  /** The newest drawn periods, newest first. */
  recent: readonly { drawsAt: number }[];
}

/**
 * When to ask for the period again: soon after its draw time, or every second
 * while the period before it has not been drawn yet (the result is awaited).
 */
export function periodRefetchDelayMs(period: PeriodAnswer, serverNow: number): number {
  const previousDrawn = period.recent[0]?.drawsAt === period.opensAt;
  const awaitingPrevious = !previousDrawn && serverNow >= period.opensAt && serverNow < period.opensAt + DRAW_WAIT_LIMIT_MS;
  const untilDraw = period.drawsAt + DRAW_GRACE_MS - serverNow;
  if (untilDraw <= 0) return DRAW_POLL_MS;
  return awaitingPrevious ? Math.min(DRAW_POLL_MS, untilDraw) : untilDraw;
}
