// What every part of the benchmark shares: the server's address and secrets, the load's shape.

function secondsFromEnv(): number {
  const text = process.env.BENCH_SECONDS;
  if (text === undefined || text.trim() === '') return 10;
  const seconds = Number(text);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error(`BENCH_SECONDS must be a positive number of seconds, not "${text}"`);
  return seconds;
}

/** BENCH_PORT: another free port when 18380 is taken. */
export const PORT = Number(process.env.BENCH_PORT ?? 18_380);
export const BASE_URL = `http://127.0.0.1:${PORT}`;

/** The app id and signing key the benchmark's server runs with (APP_ID, APP_SIGNING_KEYS). */
export const SIGNING = { appId: 'wallet-bench', keyId: 'b1', key: 'bench-signing-key-0123456789' } as const;
export const OPERATOR = { username: 'benchop', password: 'bench-operator-password' } as const;
export const ROOT_INVITE_CODE = 'BENCHROOT';
export const CAPTCHA_ANSWER = 'bench';

/** Each measured scenario runs this long (BENCH_SECONDS). */
export const DURATION_S = secondsFromEnv();
/** Each HTTP scenario first runs this long unmeasured. */
export const WARMUP_S = Math.min(2, DURATION_S);
/** autocannon connections, and as many loops at once for the direct runs: each scenario runs at each. */
export const CONNECTION_COUNTS = [10, 50] as const;
/** The count of the set-up work, the settlement's placing and the database pools. */
export const CONNECTIONS = CONNECTION_COUNTS[0];
/** Users registered for the run; requests go to them in turn. */
export const USERS = 10;

/**
 * The first-start channel and three the run adds, all without the random extra
 * tenth: a user may hold only a few recharges under review on random-decimal
 * channels, so the setup switches it off on the first-start channel as it opens it.
 */
export const FIRST_START_CHANNEL = 'bank-transfer';
export const ADDED_CHANNELS = ['bench-a', 'bench-b', 'bench-c'] as const;
export const CHANNELS = [FIRST_START_CHANNEL, ...ADDED_CHANNELS] as const;

/** The server's TIME_ZONE: the load works out the open period's number from the clock, as every instance does. */
export const BENCH_TIME_ZONE = 'UTC';
/**
 * The project the order scenarios use: 20-second periods open until the draw,
 * so a run meets a draw every 20 s (settled while orders keep coming) and
 * only orders in flight at that moment are refused.
 */
export const BENCH_PROJECT = { id: 'bench-dice', periodSeconds: 20, lockSeconds: 0 } as const;
/** The settlement scenario: one period with this many orders from this many users. */
export const SETTLEMENT = { orders: 10_000, users: 1_000 } as const;

/** The console's reads: the dashboard at this many orders over a year, the export at this many rows (BENCH_EXPORT_ROWS). */
export const OPERATOR_FIGURES = {
  dashboardOrders: 100_000,
  exportRows: Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000),
  dashboardCalls: 5,
} as const;
