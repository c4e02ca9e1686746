import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { formatMoney, type VoidReason } from '@wallet/contract';
import { drawDice, seedFromHex, seedHash, toHex, type Dice, type PeriodWindow } from '@wallet/contract/game';
import type { DialectName } from '../../db/database.js';
import type { Database, PeriodsTable } from '../../db/schema.js';
import { moneyTransaction } from '../../ledger/money-transaction.js';
import { settlePeriod } from './settlement.js';

export type PeriodStatus = 'upcoming' | 'open' | 'locked' | 'drawn' | 'void';

/** What else a period's creating or drawing transaction writes (its live events), and what to do once it committed. */
export interface Announcement<Args extends unknown[]> {
  write(trx: Kysely<Database>, ...args: Args): Promise<void>;
  publish(): void;
}

export function statusAt(row: Pick<PeriodsTable, 'opens_at' | 'locks_at' | 'drawn_at' | 'void_reason'>, now: number): PeriodStatus {
  if (row.drawn_at !== null) return row.void_reason === null ? 'drawn' : 'void';
  if (now < Number(row.opens_at)) return 'upcoming';
  return now < Number(row.locks_at) ? 'open' : 'locked';
}

export function diceOf(row: Pick<PeriodsTable, 'dice'>): [number, number, number] | null {
  if (!row.dice) return null;
  const [a, b, c] = row.dice.split(',').map(Number);
  return [a!, b!, c!];
}

/** A beacon round as the database keeps it: a number (PostgreSQL's bigint arrives as text). */
const roundOf = (value: number | string | null) => (value === null ? null : Number(value));

/** A period as the app reads it: the seed only once drawn (or void); the orders root from the lock on. */
export function periodView(row: PeriodsTable, now: number) {
  const dice = diceOf(row);
  const locked = row.orders_root !== null;
  return {
    projectId: row.project_id,
    periodNo: row.period_no,
    status: statusAt(row, now),
    opensAt: Number(row.opens_at),
    locksAt: Number(row.locks_at),
    drawsAt: Number(row.draws_at),
    serverSeedHash: row.seed_hash,
    serverSeed: row.drawn_at === null ? null : row.server_seed,
    dice,
    sum: dice ? dice[0] + dice[1] + dice[2] : null,
    ordersRoot: row.orders_root,
    orderCount: locked ? Number(row.order_count) : null,
    orderedAmount: locked ? formatMoney(Number(row.ordered_amount)) : null,
    beaconRound: roundOf(row.beacon_round),
    beaconRandomness: row.beacon_randomness,
    beaconSignature: row.beacon_signature,
    voidReason: row.void_reason as VoidReason | null,
  };
}

/**
 * Creates the period with a fresh secret seed and publishes its hash, and,
 * with a beacon, the round its draw will wait for. Every instance derives
 * the same period from the clock, so this is an insert that does nothing
 * when the period exists: the first seed stays, and with it the hash (and
 * round) already shown.
 */
export async function ensurePeriod(
  db: Kysely<Database>,
  projectId: string,
  window: PeriodWindow,
  now: number,
  announce?: Announcement<[PeriodsTable]>,
  beaconRound: number | null = null,
): Promise<void> {
  const seed = new Uint8Array(randomBytes(32));
  const row: PeriodsTable = {
    project_id: projectId,
    period_no: window.periodNo,
    opens_at: window.opensAt,
    locks_at: window.locksAt,
    draws_at: window.drawsAt,
    server_seed: toHex(seed),
    seed_hash: await seedHash(seed),
    dice: null,
    drawn_at: null,
    created_at: now,
    locked_at: null,
    orders_root: null,
    order_count: null,
    ordered_amount: null,
    beacon_round: beaconRound,
    beacon_randomness: null,
    beacon_signature: null,
    void_reason: null,
  };
  const insert = (trx: Kysely<Database>) =>
    trx
      .insertInto('periods')
      .values(row)
      .onConflict((oc) => oc.columns(['project_id', 'period_no']).doNothing())
      .executeTakeFirst();
  if (!announce) return void (await insert(db));
  const created = await db.transaction().execute(async (trx) => {
    if (Number((await insert(trx)).numInsertedOrUpdatedRows ?? 0) !== 1) return false;
    await announce.write(trx, row);
    return true;
  });
  if (created) announce.publish();
}

/** A verified beacon round: what the draw mixes in and shows. */
export interface BeaconDraw {
  randomness: string;
  signature: string;
}

/**
 * Draws one locked period: the dice follow from its seed (and its beacon
 * round's randomness, when it names one) by the published algorithm. The
 * UPDATE's `drawn_at is null` lets exactly one instance draw it, and the
 * period's orders are settled in the same transaction: drawn means settled.
 * The orders settled are the orders the lock counted into the root, or
 * nothing is drawn.
 */
export async function drawPeriod(
  db: Kysely<Database>,
  dialect: DialectName,
  row: PeriodsTable,
  now: number,
  announce?: Announcement<[PeriodsTable, Dice]>,
  beacon: BeaconDraw | null = null,
): Promise<boolean> {
  const dice = await drawDice(seedFromHex(row.server_seed)!, row.project_id, row.period_no, beacon?.randomness ?? null);
  const drawn = await moneyTransaction(db, async (trx) => {
    const drawn = await trx
      .updateTable('periods')
      .set({ dice: dice.join(','), drawn_at: now, beacon_randomness: beacon?.randomness ?? null, beacon_signature: beacon?.signature ?? null })
      .where('project_id', '=', row.project_id)
      .where('period_no', '=', row.period_no)
      .where('drawn_at', 'is', null)
      .where('orders_root', 'is not', null)
      .executeTakeFirst();
    if (Number(drawn.numUpdatedRows) !== 1) return false;
    const settled = await settlePeriod(trx, dialect, row, dice, now);
    await assertSettledTheRoot(trx, row, settled);
    await announce?.write(trx, row, dice);
    return true;
  });
  if (drawn) announce?.publish();
  return drawn;
}

/** Never settle an order outside the root: a count that differs rolls the draw back (and the log says which period). */
export async function assertSettledTheRoot(trx: Kysely<Database>, row: Pick<PeriodsTable, 'project_id' | 'period_no'>, settled: number): Promise<void> {
  const locked = await trx.selectFrom('periods').select('order_count').where('project_id', '=', row.project_id).where('period_no', '=', row.period_no).executeTakeFirstOrThrow();
  if (Number(locked.order_count) !== settled) throw new Error(`period ${row.project_id}/${row.period_no}: ${settled} orders to settle, ${locked.order_count} in its root`);
}
