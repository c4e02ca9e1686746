import { sql, type Kysely } from 'kysely';

// Migrations take Kysely<unknown>: they describe the schema as it was then, not as the types say now.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('settings')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('request_nonces')
    .addColumn('ranstr', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('seen_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('request_nonces_seen_at').on('request_nonces').column('seen_at').execute();

  await db.schema
    .createTable('operators')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('username', 'varchar(20)', (c) => c.notNull())
    .addColumn('username_key', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('invite_codes')
    .addColumn('code', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('owner_kind', 'varchar(16)', (c) => c.notNull().check(sqlIn('owner_kind', ['operator', 'user'])))
    .addColumn('owner_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('invite_codes_owner').on('invite_codes').columns(['owner_kind', 'owner_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['invite_codes', 'operators', 'request_nonces', 'settings']) {
    await db.schema.dropTable(table).execute();
  }
}

function sqlIn(column: string, values: string[]) {
  return sql`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;
}
