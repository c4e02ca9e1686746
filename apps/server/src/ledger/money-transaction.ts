import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { isTransientConflict } from '../db/database-errors.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors.js';

/** Runs before giving up: a deadlock victim nearly always gets through on the second. */
export const MONEY_TRANSACTION_ATTEMPTS = 4;
const BASE_BACKOFF_MS = 10;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One database transaction that moves money. PostgreSQL may pick it as the
 * victim of a deadlock or a serialization failure; it is then rolled back
 * whole, so it is run again after a random pause (two victims must not meet
 * again at once). Past the last attempt the caller hears 503 UNAVAILABLE.
 */
export async function moneyTransaction<T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (!isTransientConflict(error)) throw error;
      if (attempt >= MONEY_TRANSACTION_ATTEMPTS) throw new AppError('UNAVAILABLE', { retryAfterSeconds: 1 });
      await sleep(randomInt(BASE_BACKOFF_MS * 2 ** attempt) + 1);
    }
  }
}
