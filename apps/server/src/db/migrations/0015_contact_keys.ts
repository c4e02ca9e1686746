import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { contactKey } from '@wallet/contract';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;
const PAGE = 1000;

interface ContactRow {
  id: string;
  contact: string;
  created_at: number | string;
}

/**
 * One e-mail or mobile belongs to at most one account (PRODUCT §12), decided
 * by a unique key rather than a look-up two binds can both pass. The key is
 * the one codes are filed under (`contactKey`): the database's lower() does
 * not lower-case every letter the same way in SQLite and PostgreSQL.
 * Where accounts already share a contact, the oldest account keeps it and the
 * others lose it, to bind one again (docs/decisions.md).
 */
async function addContactKeys(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('contact_key', 'varchar(254)').execute();
  const users = db as unknown as Kysely<{ users: ContactRow & { contact_key: string | null; contact_kind: string | null } }>;
  const keepers = new Map<string, ContactRow>();
  const losers: string[] = [];
  let after = '';
  for (;;) {
    const page = await users
      .selectFrom('users')
      .select(['id', 'contact', 'created_at'])
      .where('contact', 'is not', null)
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    for (const row of page) {
      const key = contactKey(row.contact);
      const held = keepers.get(key);
      if (!held) keepers.set(key, row);
      else if (Number(row.created_at) < Number(held.created_at)) {
        losers.push(held.id);
        keepers.set(key, row);
      } else losers.push(row.id);
    }
    if (page.length < PAGE) break;
    after = page[page.length - 1]!.id;
  }
  for (const id of losers) await users.updateTable('users').set({ contact: null as never, contact_kind: null }).where('id', '=', id).execute();
  for (const [key, { id }] of keepers) await users.updateTable('users').set({ contact_key: key }).where('id', '=', id).execute();
  await db.schema.dropIndex('users_contact_key').execute();
  await db.schema.createIndex('users_contact_key').on('users').column('contact_key').unique().execute();
}

/** SQLite runs this in its own transaction, so a crash half-way leaves the database as it was (as 0004). */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return addContactKeys(db);
  await db.transaction().execute(addContactKeys);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_contact_key').execute();
  await db.schema.alterTable('users').dropColumn('contact_key').execute();
  await db.schema.createIndex('users_contact_key').on('users').expression(sql`lower(contact)`).execute();
}
