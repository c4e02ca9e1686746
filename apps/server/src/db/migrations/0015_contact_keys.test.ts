import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.js';
import { migrateToLatest } from '../migrate.js';

/*
 * Accounts that shared a contact before 0015 (the same e-mail in another case, or the same mobile): the oldest
 * account keeps it, the others lose it and are reminded to bind one; accounts without one stay without.
 */

const users = [
  { id: 'u-new', contact: 'Same@Example.com', kind: 'email', createdAt: 3 },
  { id: 'u-old', contact: 'same@example.com', kind: 'email', createdAt: 1 },
  { id: 'u-mid', contact: 'SAME@example.COM', kind: 'email', createdAt: 2 },
  { id: 'u-mob1', contact: '+8613800000000', kind: 'mobile', createdAt: 5 },
  { id: 'u-mob2', contact: '+8613800000000', kind: 'mobile', createdAt: 4 },
  { id: 'u-alone', contact: 'alone@example.com', kind: 'email', createdAt: 6 },
  { id: 'u-none', contact: null, kind: null, createdAt: 7 },
];

describe('0015_contact_keys with accounts that share a contact', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('0014_messages');
    for (const user of users) {
      await sql`insert into users (id, username, username_key, password_hash, pay_password_hash, invite_code, invited_by_code, lang, contact, contact_kind, created_at, updated_at)
        values (${user.id}, ${user.id}, ${user.id}, 'x', 'x', ${`I${user.id}`}, 'ROOT', 'en', ${user.contact}, ${user.kind}, ${user.createdAt}, ${user.createdAt})`.execute(database.db);
    }
    await migrateToLatest(database, '0015_contact_keys');
  });
  afterAll(() => database.destroy());

  const contacts = async () =>
    Object.fromEntries((await database.db.selectFrom('users').select(['id', 'contact', 'contact_kind', 'contact_key']).orderBy('id').execute()).map((row) => [row.id, [row.contact, row.contact_kind, row.contact_key]]));

  it('leaves each contact on the oldest account that had it, and takes it from the others', async () => {
    expect(await contacts()).toEqual({
      'u-alone': ['alone@example.com', 'email', 'alone@example.com'],
      'u-mid': [null, null, null],
      'u-mob1': [null, null, null],
      'u-mob2': ['+8613800000000', 'mobile', '+8613800000000'],
      'u-new': [null, null, null],
      'u-none': [null, null, null],
      'u-old': ['same@example.com', 'email', 'same@example.com'],
    });
  });

  it('then refuses a second account with the same contact in any case', async () => {
    const insert = (id: string, key: string) =>
      sql`insert into users (id, username, username_key, password_hash, pay_password_hash, invite_code, invited_by_code, lang, contact, contact_kind, contact_key, created_at, updated_at)
        values (${id}, ${id}, ${id}, 'x', 'x', ${`I${id}`}, 'ROOT', 'en', ${key}, 'email', ${key}, 9, 9)`.execute(database.db);
    await expect(insert('u-again', 'same@example.com')).rejects.toThrow();
    await insert('u-other', 'other@example.com');
  });
});
