import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../db/database.js';
import { lookupByKey } from '../../db/lookup-by-key.js';
import { reusableQuery } from '../../db/reusable-query.js';
import type { Database } from '../../db/schema.js';
import type { SessionOperator } from '../../http/operator-calls.js';
import { hashToken, type SessionStore } from '../sessions/index.js';
import type { SettingsService } from '../settings/index.js';

/**
 * The operator behind a bearer token, read afresh on every call with its
 * session in one query: a disabled operator or a changed role takes effect at once.
 */
export function sessionOperatorResolver(db: Kysely<Database>, dialect: DialectName, sessions: SessionStore, settings: SettingsService) {
  const operators = () =>
    db
      .selectFrom('operator_sessions as s')
      .innerJoin('operators as o', 'o.id', 's.owner_id')
      .select(['s.token_hash', 's.expires_at', 'o.id', 'o.role', 'o.disabled', 'o.totp_secret']);
  const operatorRow = reusableQuery(db, 1, (tokenHash) => operators().where('s.token_hash', '=', tokenHash));
  const lookup = lookupByKey(
    dialect,
    async (tokenHash) => (await operatorRow(tokenHash))[0],
    async (tokenHashes) => new Map((await operators().where(sql<boolean>`s.token_hash = any(${tokenHashes}::text[])`).execute()).map((row) => [row.token_hash, row])),
  );
  return async (token: string, now: number): Promise<SessionOperator | null> => {
    const operator = await lookup(hashToken(token));
    if (!operator || !(await sessions.used(token, operator.expires_at, now))) return null;
    if (operator.disabled === 1) return null;
    const totpMissing = operator.totp_secret === null && (await settings.get('requireTotp'));
    return { id: operator.id, role: operator.role, totpMissing };
  };
}
