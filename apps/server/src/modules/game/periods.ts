import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { drawDice, seedFromHex, seedHash, toHex, type PeriodWindow } from '@wallet/contract/game';
import type { DialectName } from '../../db/database.js';
import type { Database, PeriodsTable } from '../../db/schema.js';
import { moneyTransaction } from '../../ledger/money-transaction.js';
import { settlePeriod } from './settlement.js';

export type PeriodStatus = 'upcoming' | 'open' | 'locked' | 'drawn';

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
export async function ensurePeriod(db: Kysely<Database>, projectId: string, window: PeriodWindow, now: number): Promise<void> {
  const seed = new Uint8Array(randomBytes(32));
  await db
    .insertInto('periods')
    .values({
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
    })
    .onConflict((oc) => oc.columns(['project_id', 'period_no']).doNothing())
    .execute();
}

/**
 * Draws one period: the dice follow from its seed by the published algorithm.
 * The UPDATE's `drawn_at is null` lets exactly one instance draw it, and the
 * period's orders are settled in the same transaction: drawn means settled.
 */
export async function drawPeriod(db: Kysely<Database>, dialect: DialectName, row: PeriodsTable, now: number): Promise<boolean> {
  const dice = await drawDice(seedFromHex(row.server_seed)!, row.project_id, row.period_no);
  return moneyTransaction(db, async (trx) => {
    const drawn = await trx
      .updateTable('periods')
      .set({ dice: dice.join(','), drawn_at: now })
      .where('project_id', '=', row.project_id)
      .where('period_no', '=', row.period_no)
      .where('drawn_at', 'is', null)
      .executeTakeFirst();
    if (Number(drawn.numUpdatedRows) !== 1) return false;
    await settlePeriod(trx, dialect, row, dice, now);
    return true;
  });
}
