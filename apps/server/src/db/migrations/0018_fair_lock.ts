import type { Kysely } from 'kysely';

const COLUMNS = [
  // Set once, by the lock: from then on no order goes in, and the root says which did.
  ['locked_at', 'bigint'],
  ['orders_root', 'varchar(64)'],
  ['order_count', 'integer'],
  ['ordered_amount', 'bigint'],
  // With a beacon: the round named at creation; its randomness and signature once drawn.
  ['beacon_round', 'bigint'],
  ['beacon_randomness', 'varchar(64)'],
  ['beacon_signature', 'varchar(192)'],
  // Set instead of dice when the round could not be had in time (the period is then void, its orders refunded).
  ['void_reason', 'varchar(32)'],
] as const;

/** The orders root fixed at the lock, the beacon round mixed into the draw, and the void period (PRODUCT §6). */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, type] of COLUMNS) await db.schema.alterTable('periods').addColumn(name, type).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of [...COLUMNS].reverse()) await db.schema.alterTable('periods').dropColumn(name).execute();
}
