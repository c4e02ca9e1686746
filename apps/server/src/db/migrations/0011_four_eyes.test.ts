import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.js';
import { migrateToLatest } from '../migrate.js';

/*
 * Operators from before 0011 learn who created them from the audit log (a
 * save with nothing before it); the first-start operator, and any the log
 * does not name, were created by nobody known.
 */

const CREATED_AT = 1_760_000_000_000;

describe('0011_four_eyes with operators from before it', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('0010_upload_storage');
    await sql`insert into operators (id, username, username_key, password_hash, created_at)
      values ('op-1', 'admin', 'admin', 'hash-1', ${CREATED_AT}), ('op-2', 'made', 'made', 'hash-2', ${CREATED_AT + 1}), ('op-3', 'other', 'other', 'hash-3', ${CREATED_AT + 2})`.execute(database.db);
    await sql`insert into audit_log (id, operator_id, action, target, before_json, after_json, created_at) values
      ('a-1', 'op-1', 'operators/save', 'operator:op-2', 'null', '{}', ${CREATED_AT + 1}),
      ('a-2', 'op-2', 'operators/save', 'operator:op-3', '{"role":"finance"}', '{}', ${CREATED_AT + 3}),
      ('a-3', 'op-2', 'settings/save', 'operator:op-1', 'null', '{}', ${CREATED_AT + 4})`.execute(database.db);
    await migrateToLatest(database);
  });
  afterAll(() => database.destroy());

  it('names the creator the audit log shows, and nobody otherwise; no threshold raise waits', async () => {
    const rows = await database.db.selectFrom('operators').select(['id', 'created_by']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'op-1', created_by: null },
      { id: 'op-2', created_by: 'op-1' },
      { id: 'op-3', created_by: null },
    ]);
    expect(await database.db.selectFrom('threshold_raises').selectAll().execute()).toEqual([]);
  });

  it('goes back down with the operators kept, and up again', async () => {
    await migrateToLatest(database, '0010_upload_storage');
    await expect(sql`select 1 from threshold_raises`.execute(database.db)).rejects.toThrow();
    const columns = await sql<Record<string, unknown>>`select * from operators order by id`.execute(database.db);
    expect(columns.rows.map((row) => 'created_by' in row)).toEqual([false, false, false]);
    await migrateToLatest(database);
    expect((await database.db.selectFrom('operators').select('created_by').orderBy('id').execute()).map((row) => row.created_by)).toEqual([null, 'op-1', null]);
  });
});
