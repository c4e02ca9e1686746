import { PostgresAdapter, sql, type Kysely } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Uploads become private or public, and their bytes move into the database
 * (or an object store), so every instance reads every upload. What operators
 * uploaded (covers, pictures in content) stays public; everything a user
 * uploaded (vouchers, feedback pictures, avatars) becomes private. The files
 * an earlier version left on disk are moved in when the server starts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('uploads')
    .addColumn('visibility', 'varchar(8)', (c) => c.notNull().defaultTo('private').check(sql`visibility in ('private', 'public')`))
    .execute();
  await sql`update uploads set visibility = 'public' where user_id in (select id from operators)`.execute(db);

  await db.schema
    .createTable('upload_files')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('bytes', isPostgres(db) ? 'bytea' : 'blob', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('upload_files').execute();
  await db.schema.alterTable('uploads').dropColumn('visibility').execute();
}
