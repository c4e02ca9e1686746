import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.js';
import { migrateToLatest } from '../migrate.js';

/*
 * A database that took orders before the exposure counter: what its open
 * periods would pay per option is counted from the orders it holds, and its
 * projects keep their timing with nothing waiting for midnight.
 */

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase('0005_game');
});
afterAll(async () => database.destroy());

const order = (orderNo: string, option: string, amount: number, odds: number) =>
  sql`insert into orders (order_no, user_id, project_id, period_no, option_code, quantity, amount, odds, payout, settled_at, created_at)
      values (${orderNo}, 'u1', 'p1', '202611230001', ${option}, ${amount / 100}, ${amount}, ${odds}, null, null, 1)`;

describe('0006_game_operations', () => {
  it('counts the orders already placed into each option’s possible payout', async () => {
    const db = database.db;
    await sql`insert into projects (id, name, period_seconds, lock_seconds, unit_amount, min_quantity, max_quantity, odds, exposure_limit, enabled, sort, created_at, updated_at)
      values ('p1', 'One', 60, 10, 100, 1, 100, '{}', null, 1, 0, 1, 1)`.execute(db);
    await sql`insert into periods (project_id, period_no, opens_at, locks_at, draws_at, server_seed, seed_hash, dice, drawn_at, created_at)
      values ('p1', '202611230001', 0, 50000, 60000, ${'a'.repeat(64)}, ${'b'.repeat(64)}, null, null, 1)`.execute(db);
    for (const statement of [order('o1', 'big', 300, 195), order('o2', 'big', 100, 197), order('o3', 'sum-10', 100, 768)]) await statement.execute(db);

    await migrateToLatest(database);

    const rows = await sql<{ option_code: string; orders: number | string; amount: number | string; possible_payout: number | string }>`
      select option_code, orders, amount, possible_payout from period_exposure order by option_code`.execute(db);
    expect(rows.rows.map((r) => [r.option_code, Number(r.orders), Number(r.amount), Number(r.possible_payout)])).toEqual([
      ['big', 2, 400, 585 + 197],
      ['sum-10', 1, 100, 768],
    ]);
    const project = await sql<{ cover: string; next_timing_from: unknown }>`select cover, next_timing_from from projects`.execute(db);
    expect(project.rows).toEqual([{ cover: '', next_timing_from: null }]);
    const shards = await sql<{ id: string }>`select id from ledger_accounts where kind = 'game' order by id`.execute(db);
    expect(shards.rows.map((r) => r.id)).toEqual(['system:game', ...[1, 2, 3, 4, 5, 6, 7].map((n) => `system:game:${n}`)]);
  });
});
