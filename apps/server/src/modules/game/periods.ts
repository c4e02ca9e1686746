import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { drawDice, seedFromHex, seedHash, toHex, type Dice, type PeriodWindow } from '@wallet/contract/game';
import type { DialectName } from '../../db/database.js';
import type { Database, PeriodsTable } from '../../db/schema.js';
import { moneyTransaction } from '../../ledger/money-transaction.js';
import { settlePeriod } from './settlement.js';

export type PeriodStatus = 'upcoming' | 'open' | 'locked' | 'drawn';

/** What else a period's creating or drawing transaction writes (its live events), and what to do once it committed. */
export interface Announcement<Args extends unknown[]> {
  write(trx: Kysely<Database>, ...args: Args): Promise<void>;
  publish(): void;
}

export function statusAt(row: Pick<PeriodsTable, 'opens_at' | 'locks_at' | 'drawn_at'>, now: number): PeriodStatus {
  if (row.drawn_at !== null) return 'drawn';
  if (now < Number(row.opens_at)) return 'upcoming';
  return now < Number(row.locks_at) ? 'open' : 'locked';
}

export function diceOf(row: Pick<PeriodsTable, 'dice'>): [number, number, number] | null {
  if (!row.dice) return null;
  const [a, b, c] = row.dice.split(',').map(Number);
  return [a!, b!, c!];
}

/** A period as the app reads it: the seed only once drawn. */
export function periodView(row: PeriodsTable, now: number) {
  const dice = diceOf(row);
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
  };
}

/**
 * Creates the period with a fresh secret seed and publishes its hash. Every
 * instance derives the same period from the clock, so this is an insert that
 * does nothing when the period exists: the first seed stays, and with it the
 * hash already shown.
 */
export async function ensurePeriod(db: Kysely<Database>, projectId: string, window: PeriodWindow, now: number, announce?: Announcement<[PeriodsTable]>): Promise<void> {
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

/**
 * Draws one period: the dice follow from its seed by the published algorithm.
 * The UPDATE's `drawn_at is null` lets exactly one instance draw it, and the
 * period's orders are settled in the same transaction: drawn means settled.
 */
export async function drawPeriod(db: Kysely<Database>, dialect: DialectName, row: PeriodsTable, now: number, announce?: Announcement<[PeriodsTable, Dice]>): Promise<boolean> {
  const dice = await drawDice(seedFromHex(row.server_seed)!, row.project_id, row.period_no);
  const drawn = await moneyTransaction(db, async (trx) => {
    const drawn = await trx
      .updateTable('periods')
      .set({ dice: dice.join(','), drawn_at: now })
      .where('project_id', '=', row.project_id)
      .where('period_no', '=', row.period_no)
      .where('drawn_at', 'is', null)
      .executeTakeFirst();
    if (Number(drawn.numUpdatedRows) !== 1) return false;
    await settlePeriod(trx, dialect, row, dice, now);
    await announce?.write(trx, row, dice);
    return true;
  });
  if (drawn) announce?.publish();
  return drawn;
}
