import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../db/database.js';
import { lookupByKey } from '../../db/lookup-by-key.js';
import { reusableQuery } from '../../db/reusable-query.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { SessionResolver } from '../../http/session.js';
import type { SessionStore } from './session-store.js';
import { hashToken } from './tokens.js';

/**
 * A user's live session, read with the account's frozen flag in one query: every
 * signed-in call asks. A frozen account's sessions answer 403 until it is unfrozen.
 */
export function userSessionResolver(db: Kysely<Database>, dialect: DialectName, store: SessionStore, now: () => number): SessionResolver {
  const sessions = () =>
    db
      .selectFrom('user_sessions as s')
      .innerJoin('users as u', 'u.id', 's.owner_id')
      .select(['s.token_hash', 's.owner_id', 's.created_at', 's.expires_at', 'u.frozen']);
  const sessionRow = reusableQuery(db, 1, (tokenHash) => sessions().where('s.token_hash', '=', tokenHash));
  const lookup = lookupByKey(
    dialect,
    async (tokenHash) => (await sessionRow(tokenHash))[0],
    async (tokenHashes) => new Map((await sessions().where(sql<boolean>`s.token_hash = any(${tokenHashes}::text[])`).execute()).map((row) => [row.token_hash, row])),
  );
  return async (token) => {
    const row = await lookup(hashToken(token));
    if (!row || !(await store.used(token, row.expires_at, now()))) return null;
    if (row.frozen === 1) throw new AppError('ACCOUNT_FROZEN');
    return { userId: row.owner_id, token, signedInAt: Number(row.created_at) };
  };
}
