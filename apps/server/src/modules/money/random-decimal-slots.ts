import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';

/** Recharges under review one user may have on random-decimal channels (each holds an extra tenth). */
export const RANDOM_DECIMAL_PENDING_LIMIT = 5;

/**
 * One user alone cannot hold every extra tenth of an amount and so block it
 * for everybody. The count moves in the UPDATE that checks it, inside the
 * transaction that inserts the recharge, so parallel requests cannot pass it.
 */
export async function takeRandomDecimalSlot(trx: Kysely<Database>, userId: string): Promise<void> {
  const counted = await trx
    .updateTable('users')
    .set({ pending_random_recharges: sql`pending_random_recharges + 1` })
    .where('id', '=', userId)
    .where('pending_random_recharges', '<', RANDOM_DECIMAL_PENDING_LIMIT)
    .executeTakeFirst();
  if (Number(counted.numUpdatedRows) !== 1) throw new AppError('RECHARGE_PENDING_LIMIT');
}

/** Gives back the slots of recharges that left review (reviewed or expired), in the transaction that moved them. */
export async function releaseRandomDecimalSlots(trx: Kysely<Database>, userIds: readonly string[]): Promise<void> {
  const counts = new Map<string, number>();
  for (const userId of userIds) counts.set(userId, (counts.get(userId) ?? 0) + 1);
  // In id order, like ledger accounts: two releases never wait on each other's users the other way round.
  for (const [userId, count] of [...counts].sort(([a], [b]) => (a < b ? -1 : 1))) {
    await trx
      .updateTable('users')
      .set({ pending_random_recharges: sql`pending_random_recharges - ${count}` })
      .where('id', '=', userId)
      .execute();
  }
}
