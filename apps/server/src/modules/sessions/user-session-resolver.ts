import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { SessionResolver } from '../../http/session.js';
import type { SessionStore } from './session-store.js';

/** A user's live session; a frozen account's sessions answer 403 until the account is unfrozen. */
export function userSessionResolver(db: Kysely<Database>, store: SessionStore, now: () => number): SessionResolver {
  return async (token) => {
    const userId = await store.find(token, now());
    if (!userId) return null;
    const user = await db.selectFrom('users').select('frozen').where('id', '=', userId).executeTakeFirst();
    if (!user) return null;
    if (user.frozen === 1) throw new AppError('ACCOUNT_FROZEN');
    return { userId, token };
  };
}
