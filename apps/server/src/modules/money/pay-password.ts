import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { verifyPassword } from '../../security/passwords.js';

export const PAY_PASSWORD_MAX_FAILURES = 5;
export const PAY_PASSWORD_LOCK_MS = 30 * 60 * 1000;
/** No check takes this long: slots older than this belong to a process that died mid-check. */
const CHECK_STALE_MS = 60_000;
/**
 * How long a check waits for a slot while others are under way (each takes
 * tens of milliseconds); shorter than an idempotency claim lives, so a retry
 * never takes over a withdrawal that is still waiting here.
 */
const SLOT_WAIT_MS = 10_000;
const FIRST_POLL_MS = 5;
const LONGEST_POLL_MS = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const lockedFor = (lockedUntil: number, now: number) =>
  new AppError('PAY_PASSWORD_LOCKED', { retryAfterSeconds: Math.max(1, Math.ceil((lockedUntil - now) / 1000)) });

/** One slot fewer under way, never below zero (a stale slot may have been cleared meanwhile). */
const releasedSlot = sql<number>`case when pay_checking > 0 then pay_checking - 1 else 0 end`;

/**
 * The payment password guards every withdrawal: five wrong in a row lock
 * withdrawals for 30 minutes (`users.pay_failures`, `pay_locked_until`);
 * changing the payment password lifts the lock.
 *
 * Each check first takes a slot (`pay_checking`) in an UPDATE that lets it in
 * only while failures + checks under way stay below five, and gives it back
 * when done. So at most five wrong passwords are ever checked before the lock,
 * however many arrive at once, while parallel checks of the right password
 * each go through (a right one frees its slot at once and clears failures).
 */
export function createPayPasswordCheck(db: Kysely<Database>) {
  async function takeSlot(userId: string, requestedAt: number): Promise<void> {
    let pollMs = FIRST_POLL_MS;
    for (let waited = 0; ; waited += pollMs, pollMs = Math.min(LONGEST_POLL_MS, pollMs * 2)) {
      // The request's time moved on by the wait: slots and locks are judged at the moment of asking.
      const now = requestedAt + waited;
      const stale = sql<boolean>`pay_check_started_at < ${now - CHECK_STALE_MS}`;
      const taken = await db
        .updateTable('users')
        .set({
          pay_checking: sql`case when ${stale} then 1 else pay_checking + 1 end`,
          pay_check_started_at: now,
        })
        .where('id', '=', userId)
        .where('pay_locked_until', '<=', now)
        .where(sql<boolean>`pay_failures + case when ${stale} then 0 else pay_checking end < ${PAY_PASSWORD_MAX_FAILURES}`)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 1) return;
      const user = await db.selectFrom('users').select('pay_locked_until').where('id', '=', userId).executeTakeFirstOrThrow();
      if (user.pay_locked_until > now) throw lockedFor(user.pay_locked_until, now);
      if (waited >= SLOT_WAIT_MS) throw new AppError('RATE_LIMITED', { retryAfterSeconds: 1 });
      await sleep(pollMs);
    }
  }

  /** Turns the slot into a failure, and the fifth failure into the lock, in one UPDATE: no state between the two. */
  async function recordFailure(userId: string, now: number): Promise<never> {
    const lockedUntil = now + PAY_PASSWORD_LOCK_MS;
    const locks = sql<boolean>`pay_failures + 1 >= ${PAY_PASSWORD_MAX_FAILURES}`;
    const row = await db
      .updateTable('users')
      .set({
        pay_checking: releasedSlot,
        pay_failures: sql`case when ${locks} then 0 else pay_failures + 1 end`,
        pay_locked_until: sql`case when ${locks} then ${lockedUntil} else pay_locked_until end`,
      })
      .where('id', '=', userId)
      .returning(['pay_failures', 'pay_locked_until'])
      .executeTakeFirstOrThrow();
    if (row.pay_locked_until === lockedUntil) throw lockedFor(lockedUntil, now);
    throw new AppError('PAY_PASSWORD_WRONG', { attemptsLeft: PAY_PASSWORD_MAX_FAILURES - row.pay_failures });
  }

  return async function checkPayPassword(userId: string, password: string, now: number): Promise<void> {
    await takeSlot(userId, now);
    let right: boolean;
    try {
      const user = await db.selectFrom('users').select('pay_password_hash').where('id', '=', userId).executeTakeFirstOrThrow();
      right = await verifyPassword(user.pay_password_hash, password);
    } catch (error) {
      await db.updateTable('users').set({ pay_checking: releasedSlot }).where('id', '=', userId).execute();
      throw error;
    }
    if (!right) await recordFailure(userId, now);
    await db.updateTable('users').set({ pay_failures: 0, pay_checking: releasedSlot }).where('id', '=', userId).execute();
  };
}

export type PayPasswordCheck = ReturnType<typeof createPayPasswordCheck>;
