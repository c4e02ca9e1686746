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

  /** Counts one failure; reaching the limit (and every failure after it) locks the name again. */
  async recordFailure(key: string, now: number): Promise<ThrottleState> {
    const forgotten = sql<boolean>`login_failures.last_failed_at < ${now - FORGET_AFTER_MS}`;
    const failures = sql<number>`case when ${forgotten} then 1 else login_failures.failures + 1 end`;
    const row = await this.db
      .insertInto('login_failures')
      .values({ key, failures: 1, last_failed_at: now, locked_until: 0 })
      .onConflict((oc) => oc.column('key').doUpdateSet({ failures, last_failed_at: now }))
      .returning(['failures', 'locked_until'])
      .executeTakeFirstOrThrow();
    if (row.failures < this.policy.lockAfter) return this.stateOf(row.failures, row.locked_until, now);
    const lockedUntil = now + this.policy.lockMs;
    await this.db.updateTable('login_failures').set({ locked_until: lockedUntil }).where('key', '=', key).execute();
    return this.stateOf(row.failures, lockedUntil, now);
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
