import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SessionOperator } from '../../http/operator-calls.js';
import type { SessionStore } from '../sessions/session-store.js';
import type { SettingsService } from '../settings/service.js';

/** The operator behind a bearer token, read afresh on every call: a disabled operator or a changed role takes effect at once. */
export function sessionOperatorResolver(db: Kysely<Database>, sessions: SessionStore, settings: SettingsService) {
  return async (token: string, now: number): Promise<SessionOperator | null> => {
    const id = await sessions.find(token, now);
    if (id === null) return null;
    const operator = await db.selectFrom('operators').select(['id', 'role', 'disabled', 'totp_secret']).where('id', '=', id).executeTakeFirst();
    if (!operator || operator.disabled === 1) return null;
    const totpMissing = operator.totp_secret === null && (await settings.get('requireTotp'));
    return { id: operator.id, role: operator.role, totpMissing };
  };
}
