import { WITHDRAWAL_PENDING_LIMIT } from '@wallet/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors.js';

/** Recharges under review one user may have on random-decimal channels (each holds an extra tenth). */
export const RANDOM_DECIMAL_PENDING_LIMIT = 5;

/**
 * Records of one user that wait for an operator, counted on the user's row:
 * withdrawals under review (their money is frozen), and recharges holding an
 * extra tenth (so nobody alone can block an amount for everyone).
 */
const SLOTS = {
  withdrawal: { column: 'pending_withdrawals', limit: WITHDRAWAL_PENDING_LIMIT, refusal: 'WITHDRAWAL_PENDING_LIMIT' },
  randomDecimalRecharge: { column: 'pending_random_recharges', limit: RANDOM_DECIMAL_PENDING_LIMIT, refusal: 'RECHARGE_PENDING_LIMIT' },
} as const;

export type PendingKind = keyof typeof SLOTS;

/**
 * Counts one more, refusing past the limit. The count moves in the UPDATE that
 * checks it, inside the transaction that inserts the record, so parallel
 * requests cannot pass it.
 */
export async function takePendingSlot(trx: Kysely<Database>, kind: PendingKind, userId: string): Promise<void> {
  const { column, limit, refusal } = SLOTS[kind];
  const counted = await trx
    .updateTable('users')
    .set({ [column]: sql`${sql.ref(column)} + 1` })
    .where('id', '=', userId)
    .where(column, '<', limit)
    .executeTakeFirst();
  if (Number(counted.numUpdatedRows) !== 1) throw new AppError(refusal);
}

/** Gives back the slots of records that left review (reviewed or expired), in the transaction that moved them. */
export async function releasePendingSlots(trx: Kysely<Database>, kind: PendingKind, userIds: readonly string[]): Promise<void> {
  const { column } = SLOTS[kind];
  const counts = new Map<string, number>();
  for (const userId of userIds) counts.set(userId, (counts.get(userId) ?? 0) + 1);
  // In id order, like ledger accounts: two releases never wait on each other's users the other way round.
  for (const [userId, count] of [...counts].sort(([a], [b]) => (a < b ? -1 : 1))) {
    await trx
      .updateTable('users')
      .set({ [column]: sql`${sql.ref(column)} - ${count}` })
      .where('id', '=', userId)
      .execute();
  }
}
