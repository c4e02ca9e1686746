import { PostgresAdapter, sql, type Kysely } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

const OLD_PURPOSES = `purpose in ('register', 'reset')`;
const NEW_PURPOSES = `purpose in ('register', 'reset', 'bind')`;

/** Codes may now prove a contact bound after registration; SQLite cannot change a CHECK in place, so its table is copied into a new one. */
async function allowBindCodes(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table verification_codes drop constraint verification_codes_purpose_check`.execute(db);
    await sql`alter table verification_codes add constraint verification_codes_purpose_check check (${sql.raw(NEW_PURPOSES)})`.execute(db);
    return;
  }
  const { rows } = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'verification_codes'`.execute(db);
  const definition = rows[0]?.sql ?? '';
  // Going down keeps bind codes allowed (codes already sent stay valid), so up again finds nothing to do.
  if (definition.includes(NEW_PURPOSES)) return;
  if (!definition.includes(OLD_PURPOSES)) throw new Error('verification_codes table is not the one 0002 created');
  const copy = definition.replace(/^create table "?verification_codes"?/i, 'create table "verification_codes_next"').replace(OLD_PURPOSES, NEW_PURPOSES);
  await sql.raw(copy).execute(db);
  await sql`insert into verification_codes_next select * from verification_codes`.execute(db);
  await sql`drop table verification_codes`.execute(db);
  await sql`alter table verification_codes_next rename to verification_codes`.execute(db);
  await db.schema.createIndex('verification_codes_target').on('verification_codes').columns(['purpose', 'target_key', 'created_at']).execute();
}

/**
 * The user's messages (PRODUCT §12): what they should not miss, kept as its
 * kind and parameters and worded in the reader's language when read.
 */
async function addMessages(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_messages')
    .addColumn('id', isPostgres(db) ? 'bigserial' : 'integer', (c) => (isPostgres(db) ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    /** JSON: what the texts of its kind are filled with. */
    .addColumn('params', 'text', (c) => c.notNull())
    /** The record it is about (an order number, a chase, a feedback id), or null. */
    .addColumn('ref', 'varchar(80)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('read_at', 'bigint')
    .execute();
  await db.schema.createIndex('user_messages_user').on('user_messages').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('user_messages_unread').on('user_messages').columns(['user_id']).where(sql.ref('read_at'), 'is', null).execute();
  await db.schema.createIndex('user_messages_created_at').on('user_messages').column('created_at').execute();
  await allowBindCodes(db);
  // Whether another account holds a contact being bound: e-mail addresses compare without case.
  await db.schema.createIndex('users_contact_key').on('users').expression(sql`lower(contact)`).execute();
}

/** SQLite runs this in its own transaction, so a crash during the table copy leaves the database as it was (as 0004). */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return addMessages(db);
  await db.transaction().execute(addMessages);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_contact_key').execute();
  await db.schema.dropTable('user_messages').execute();
}
