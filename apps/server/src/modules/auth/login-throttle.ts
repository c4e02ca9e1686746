import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface ThrottlePolicy {
  /** Failures after which a captcha is asked for; Infinity for never. */
  captchaAfter: number;
  lockAfter: number;
  lockMs: number;
}

export const USER_LOGIN_POLICY: ThrottlePolicy = { captchaAfter: 3, lockAfter: 10, lockMs: 15 * 60 * 1000 };
export const OPERATOR_LOGIN_POLICY: ThrottlePolicy = { captchaAfter: Infinity, lockAfter: 5, lockMs: 15 * 60 * 1000 };

/** Failures older than this are forgotten. */
const FORGET_AFTER_MS = 24 * 60 * 60 * 1000;

export interface ThrottleState {
  captchaRequired: boolean;
  /** Seconds until the lock ends; 0 when not locked. */
  lockedForSeconds: number;
}

/**
 * Wrong passwords per account name (not per IP, so spreading guesses over
 * many addresses does not help). A success clears the count.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly policy: ThrottlePolicy,
  ) {}

  async state(key: string, now: number): Promise<ThrottleState> {
    const row = await this.db.selectFrom('login_failures').selectAll().where('key', '=', key).executeTakeFirst();
    if (!row || row.last_failed_at < now - FORGET_AFTER_MS) return { captchaRequired: false, lockedForSeconds: 0 };
    return this.stateOf(row.failures, row.locked_until, now);
  }

  /**
   * Counts an attempt as a failure before its password is checked (a success
   * clears the count), so parallel guesses each take their own place: the
   * attempt that reaches the limit locks the name at once. Null, and nothing
   * counted, when the name is locked or the attempt needs a captcha it lacks.
   */
  async begin(key: string, now: number, withCaptcha: boolean): Promise<ThrottleState | null> {
    const forgotten = sql<boolean>`login_failures.last_failed_at < ${now - FORGET_AFTER_MS}`;
    // After a lock ends the count starts again at the captcha threshold: a name cannot be kept locked for free.
    const restartAt = Number.isFinite(this.policy.captchaAfter) ? this.policy.captchaAfter : 0;
    const lockEnded = sql<boolean>`login_failures.locked_until > 0`;
    const failures = sql<number>`case when ${forgotten} then 1 when ${lockEnded} then ${restartAt + 1} else login_failures.failures + 1 end`;
    const lockedUntil = now + this.policy.lockMs;
    const checksCaptcha = !withCaptcha && Number.isFinite(this.policy.captchaAfter);
    const row = await this.db
      .insertInto('login_failures')
      .values({ key, failures: 1, last_failed_at: now, locked_until: this.policy.lockAfter <= 1 ? lockedUntil : 0 })
      .onConflict((oc) => {
        const update = oc
          .column('key')
          .doUpdateSet({
            failures,
            last_failed_at: now,
            // Cast: PostgreSQL would type the CASE from the `0` as integer, and milliseconds overflow it.
            locked_until: sql<number>`case when ${failures} >= ${this.policy.lockAfter} then cast(${lockedUntil} as bigint) else 0 end`,
          })
          .where('login_failures.locked_until', '<=', now);
        return checksCaptcha ? update.where(sql<boolean>`(${forgotten} or login_failures.failures < ${this.policy.captchaAfter})`) : update;
      })
      .returning(['failures', 'locked_until'])
      .executeTakeFirst();
    return row ? this.stateOf(row.failures, row.locked_until, now) : null;
  }

  async clear(key: string, db: Kysely<Database> = this.db): Promise<void> {
    await db.deleteFrom('login_failures').where('key', '=', key).execute();
  }

  private stateOf(failures: number, lockedUntil: number, now: number): ThrottleState {
    return {
      captchaRequired: failures >= this.policy.captchaAfter,
      lockedForSeconds: lockedUntil > now ? Math.ceil((lockedUntil - now) / 1000) : 0,
    };
  }
}
