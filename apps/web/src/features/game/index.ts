// What other features may use of the game: the home page shows each project's period and dice.
export { DiceFace, DiceRow } from './components/dice-face';
export { useServerClock } from './components/use-server-clock';
export { dicePath } from './model/game-paths';
export { DRAW_GRACE_MS, DRAW_POLL_MS, formatCountdown, periodPhase, periodRefetchDelayMs } from './model/period-phase';
