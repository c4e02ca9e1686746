import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.js';
import { migrateToLatest } from '../migrate.js';

/*
 * An installation from before roles: its operators ran everything, so after
 * 0008 they are admins, enabled, without TOTP; going back down leaves them
 * as the code before reads them.
 */

const CREATED_AT = 1_760_000_000_000;

describe('0008_operators with operators from before roles', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('0007_content');
    await sql`insert into operators (id, username, username_key, password_hash, created_at)
      values ('op-1', 'Admin', 'admin', 'hash-1', ${CREATED_AT}), ('op-2', 'helper', 'helper', 'hash-2', ${CREATED_AT})`.execute(database.db);
    await migrateToLatest(database);
  });
  afterAll(() => database.destroy());

  it('makes every existing operator an enabled admin without TOTP, and adds the adjustments table', async () => {
    const rows = await database.db.selectFrom('operators').select(['id', 'role', 'disabled', 'totp_secret', 'totp_pending_secret', 'totp_last_step']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'op-1', role: 'admin', disabled: 0, totp_secret: null, totp_pending_secret: null, totp_last_step: null },
      { id: 'op-2', role: 'admin', disabled: 0, totp_secret: null, totp_pending_secret: null, totp_last_step: null },
    ]);
    expect(await database.db.selectFrom('adjustments').selectAll().execute()).toEqual([]);
  });

  it('refuses a role outside the four', async () => {
    await expect(database.db.updateTable('operators').set({ role: 'root' as never }).where('id', '=', 'op-2').execute()).rejects.toThrow();
  });

  it('goes back down with the operators kept, and up again', async () => {
    await migrateToLatest(database, '0007_content');
    const columns = await sql<{ id: string; username: string }>`select * from operators order by id`.execute(database.db);
    expect(columns.rows.map((row) => Object.keys(row).sort())).toEqual([
      ['created_at', 'id', 'password_hash', 'username', 'username_key'],
      ['created_at', 'id', 'password_hash', 'username', 'username_key'],
    ]);
    await expect(sql`select 1 from adjustments`.execute(database.db)).rejects.toThrow();
    await migrateToLatest(database);
    expect((await database.db.selectFrom('operators').select('role').execute()).map((row) => row.role)).toEqual(['admin', 'admin']);
  });
});
