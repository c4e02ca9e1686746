import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { OncePerInterval } from '../../once-per-interval.js';

export interface Limit {
  /** What is counted, e.g. `login-ip:203.0.113.9`. */
  key: string;
  max: number;
  windowMs: number;
}

export interface LimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

const LONGEST_WINDOW_MS = 2 * 24 * 60 * 60 * 1000;

/**
 * Counts hits per key in the database, so every server instance shares the
 * counts. A window starts with its first hit and lasts `windowMs`: "one per
 * 60 s" is exact, with no double hit across a window edge.
 */
export class RateLimiter {
  private readonly cleanup: OncePerInterval;

  constructor(private readonly db: Kysely<Database>) {
    this.cleanup = new OncePerInterval((now) =>
      this.db.deleteFrom('rate_limits').where('window_started_at', '<', now - LONGEST_WINDOW_MS).execute(),
    );
  }

  async hit(limit: Limit, now: number): Promise<LimitResult> {
    await this.cleanup.runIfDue(now);
    const expired = sql<boolean>`rate_limits.window_started_at <= ${now - limit.windowMs}`;
    const row = await this.db
      .insertInto('rate_limits')
      .values({ key: limit.key, window_started_at: now, hits: 1 })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          hits: sql`case when ${expired} then 1 else rate_limits.hits + 1 end`,
          window_started_at: sql`case when ${expired} then ${now} else rate_limits.window_started_at end`,
        }),
      )
      .returning(['hits', 'window_started_at'])
      .executeTakeFirstOrThrow();
    const retryAfterMs = Number(row.window_started_at) + limit.windowMs - now;
    return { allowed: row.hits <= limit.max, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
  }

  /** Counts the hit and refuses with 429 RATE_LIMITED when the limit is passed. */
  async enforce(limit: Limit, now: number): Promise<void> {
    const result = await this.hit(limit, now);
    if (!result.allowed) throw new AppError('RATE_LIMITED', { retryAfterSeconds: result.retryAfterSeconds });
  }
}
