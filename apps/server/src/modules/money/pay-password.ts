import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { verifyPassword } from '../auth/passwords.js';
import type { RateLimiter } from '../rate-limit/limiter.js';

export const PAY_PASSWORD_MAX_FAILURES = 5;
export const PAY_PASSWORD_LOCK_MS = 30 * 60 * 1000;
/** Bounds a burst of parallel guesses that all start before the first failure is counted. */
const CHECKS_PER_MINUTE = 10;

/**
 * The payment password guards every withdrawal: five wrong in a row lock
 * withdrawals for 30 minutes (`users.pay_failures`, `pay_locked_until`);
 * changing the payment password lifts the lock.
 */
export function createPayPasswordCheck(db: Kysely<Database>, limiter: RateLimiter) {
  const lockedFor = (lockedUntil: number, now: number) =>
    new AppError('PAY_PASSWORD_LOCKED', { retryAfterSeconds: Math.max(1, Math.ceil((lockedUntil - now) / 1000)) });

  async function recordFailure(userId: string, now: number): Promise<never> {
    const row = await db
      .updateTable('users')
      .set({ pay_failures: sql`pay_failures + 1` })
      .where('id', '=', userId)
      .returning('pay_failures')
      .executeTakeFirstOrThrow();
    if (row.pay_failures < PAY_PASSWORD_MAX_FAILURES) {
      throw new AppError('PAY_PASSWORD_WRONG', { attemptsLeft: PAY_PASSWORD_MAX_FAILURES - row.pay_failures });
    }
    const lockedUntil = now + PAY_PASSWORD_LOCK_MS;
    await db.updateTable('users').set({ pay_failures: 0, pay_locked_until: lockedUntil }).where('id', '=', userId).execute();
    throw lockedFor(lockedUntil, now);
  }

  return async function checkPayPassword(userId: string, password: string, now: number): Promise<void> {
    const user = await db.selectFrom('users').select(['pay_password_hash', 'pay_locked_until', 'pay_failures']).where('id', '=', userId).executeTakeFirstOrThrow();
    if (user.pay_locked_until > now) throw lockedFor(user.pay_locked_until, now);
    await limiter.enforce({ key: `pay-password:${userId}`, max: CHECKS_PER_MINUTE, windowMs: 60_000 }, now);
    if (!(await verifyPassword(user.pay_password_hash, password))) await recordFailure(userId, now);
    if (user.pay_failures > 0) await db.updateTable('users').set({ pay_failures: 0 }).where('id', '=', userId).execute();
  };
}

export type PayPasswordCheck = ReturnType<typeof createPayPasswordCheck>;
