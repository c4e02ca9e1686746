import type { Kysely } from 'kysely';
import { reusableQuery } from '../../db/reusable-query.js';
import type { Database } from '../../db/schema.js';
import type { SessionOperator } from '../../http/operator-calls.js';
import { hashToken, type SessionStore } from '../sessions/index.js';
import type { SettingsService } from '../settings/index.js';

/**
 * The operator behind a bearer token, read afresh on every call with its
 * session in one query: a disabled operator or a changed role takes effect at once.
 */
export function sessionOperatorResolver(db: Kysely<Database>, sessions: SessionStore, settings: SettingsService) {
  const sessionRows = reusableQuery(db, 1, (tokenHash) =>
    db
      .selectFrom('operator_sessions as s')
      .innerJoin('operators as o', 'o.id', 's.owner_id')
      .select(['s.expires_at', 'o.id', 'o.role', 'o.disabled', 'o.totp_secret'])
      .where('s.token_hash', '=', tokenHash),
  );
  return async (token: string, now: number): Promise<SessionOperator | null> => {
    const [operator] = await sessionRows(hashToken(token));
    if (!operator || !(await sessions.used(token, operator.expires_at, now))) return null;
    if (operator.disabled === 1) return null;
    const totpMissing = operator.totp_secret === null && (await settings.get('requireTotp'));
    return { id: operator.id, role: operator.role, totpMissing };
  };
}
