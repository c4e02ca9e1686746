import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { randomInviteCode } from './codes.js';

/** Creates the root (operator-owned) invitation code when no operator code exists yet; returns it if created. */
export async function ensureRootInviteCode(
  db: Kysely<Database>,
  operatorId: string,
  wanted: string | undefined,
  now: number,
): Promise<string | null> {
  const existing = await db
    .selectFrom('invite_codes')
    .select('code')
    .where('owner_kind', '=', 'operator')
    .executeTakeFirst();
  if (existing) return null;

  const code = wanted ?? randomInviteCode();
  const result = await db
    .insertInto('invite_codes')
    .values({ code, owner_kind: 'operator', owner_id: operatorId, created_at: now, disabled: 0 })
    .onConflict((oc) => oc.column('code').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1 ? code : null;
}
