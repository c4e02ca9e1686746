import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.js';
import { migrateToLatest } from '../migrate.js';

/*
 * Player protection's tables start empty (a user's row is made on first use),
 * refuse a limit of no known kind or window, keep one limit per user, kind
 * and window, and go down and up again.
 */

describe('0017_player_protection', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('0016_project_names');
    await migrateToLatest(database);
  });
  afterAll(() => database.destroy());

  it('keeps one limit per user, kind and window, of known kinds and windows only', async () => {
    const limit = { user_id: 'u-1', kind: 'deposit' as const, period: 'day' as const, amount: 100_00, pending_amount: null, pending_at: null };
    await database.db.insertInto('player_limits').values(limit).execute();
    await expect(database.db.insertInto('player_limits').values(limit).execute()).rejects.toThrow();
    await expect(database.db.insertInto('player_limits').values({ ...limit, kind: 'bonus' as 'loss' }).execute()).rejects.toThrow();
    await expect(database.db.insertInto('player_limits').values({ ...limit, period: 'year' as 'week' }).execute()).rejects.toThrow();
    await database.db.insertInto('player_limits').values({ ...limit, period: 'week' }).execute();
    expect(await database.db.selectFrom('player_protection').selectAll().execute()).toEqual([]);
  });

  it('goes back down and up again', async () => {
    await migrateToLatest(database, '0016_project_names');
    await expect(sql`select 1 from player_limits`.execute(database.db)).rejects.toThrow();
    await expect(sql`select 1 from protection_changes`.execute(database.db)).rejects.toThrow();
    await migrateToLatest(database);
    expect(await database.db.selectFrom('player_limits').selectAll().execute()).toEqual([]);
  });
});
