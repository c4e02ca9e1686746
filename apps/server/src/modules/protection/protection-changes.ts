import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The trail of a user's protection changes, written in the change's own transaction. */
export async function recordProtectionChange(trx: Kysely<Database>, userId: string, action: string, before: unknown, after: unknown, now: number): Promise<void> {
  await trx
    .insertInto('protection_changes')
    .values({ user_id: userId, action, before_json: JSON.stringify(before), after_json: JSON.stringify(after), created_at: now })
    .execute();
}

/** The latest changes, newest first, as operators read them on the user. */
export async function latestProtectionChanges(db: Kysely<Database>, userId: string, limit = 20) {
  const rows = await db.selectFrom('protection_changes').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(limit).execute();
  return rows.map((row) => ({ action: row.action, before: JSON.parse(row.before_json) as unknown, after: JSON.parse(row.after_json) as unknown, createdAt: Number(row.created_at) }));
}
