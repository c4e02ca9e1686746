// What other features may use of the game: the home page shows each project's period and dice.
export { DiceFace, DiceRow } from './components/dice-face';
export { VoidTag } from './components/void-note';
export { useServerClock } from './components/use-server-clock';
export { dicePath } from './model/game-paths';
// The live results feed and announce results of the user's orders from anywhere in the app.
export { DrawNotification } from './components/draw-notification';
export { drawOutcome, type DrawOutcome } from './model/draw-outcome';
export { gamePeriodQueryKey, periodOrdersQuery, projectGameQueries, recentOrdersQuery, type PeriodNow } from './api/game-queries';
export { DRAW_GRACE_MS, DRAW_POLL_MS, formatCountdown, periodPhase, periodRefetchDelayMs } from './model/period-phase';
