import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.js';
import { migrateToLatest } from '../migrate.js';

/*
 * An installation from before private uploads: what operators uploaded
 * (covers, content pictures) stays public, what users uploaded (vouchers,
 * feedback pictures, avatars) becomes private; going back down leaves the
 * uploads as the code before reads them.
 */

const CREATED_AT = 1_760_000_000_000;

describe('0010_upload_storage with uploads from before', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('0009_ledger_totals');
    await sql`insert into operators (id, username, username_key, password_hash, created_at, role)
      values ('op-1', 'editor', 'editor', 'hash', ${CREATED_AT}, 'content')`.execute(database.db);
    await sql`insert into uploads (id, user_id, url, content_type, size, created_at) values
      ('u-1', 'op-1', '/uploads/cover.png', 'image/png', 10, ${CREATED_AT}),
      ('u-2', 'user-1', '/uploads/voucher.png', 'image/png', 10, ${CREATED_AT})`.execute(database.db);
    await migrateToLatest(database, '0010_upload_storage');
  });
  afterAll(() => database.destroy());

  it('keeps operators’ uploads public and makes users’ private, with an empty store for the files', async () => {
    const rows = await database.db.selectFrom('uploads').select(['id', 'visibility']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'u-1', visibility: 'public' },
      { id: 'u-2', visibility: 'private' },
    ]);
    expect(await database.db.selectFrom('upload_files').selectAll().execute()).toEqual([]);
  });

  it('keeps bytes as they were given and refuses a visibility outside the two', async () => {
    const bytes = Buffer.from([0, 1, 2, 255, 254]);
    await database.db.insertInto('upload_files').values({ name: 'a.png', bytes }).execute();
    const stored = await database.db.selectFrom('upload_files').select('bytes').executeTakeFirstOrThrow();
    expect(Buffer.from(stored.bytes).equals(bytes)).toBe(true);
    await expect(database.db.updateTable('uploads').set({ visibility: 'everyone' as never }).where('id', '=', 'u-1').execute()).rejects.toThrow();
  });

  it('goes back down with the uploads kept, and up again', async () => {
    await migrateToLatest(database, '0009_ledger_totals');
    const columns = await sql<Record<string, unknown>>`select * from uploads order by id`.execute(database.db);
    expect(columns.rows.map((row) => Object.keys(row).sort())).toEqual([
      ['content_type', 'created_at', 'id', 'size', 'url', 'user_id'],
      ['content_type', 'created_at', 'id', 'size', 'url', 'user_id'],
    ]);
    await expect(sql`select 1 from upload_files`.execute(database.db)).rejects.toThrow();
    await migrateToLatest(database, '0010_upload_storage');
    expect((await database.db.selectFrom('uploads').select('visibility').orderBy('id').execute()).map((row) => row.visibility)).toEqual(['public', 'private']);
  });
});
