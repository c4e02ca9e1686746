import { sql, type Kysely } from 'kysely';

/**
 * Notices, activities, banners, the about page and the registration agreement
 * (which moves here from the settings), each user's read marks, and feedback
 * with the operators' replies.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('content_items')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull().check(sql`kind in ('notice', 'activity', 'banner', 'about', 'agreement')`))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    /** Sanitised HTML in the default language. */
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('cover', 'varchar(500)')
    .addColumn('link', 'varchar(500)')
    .addColumn('publish_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint')
    .addColumn('pinned', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ticker', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    /** JSON: language → { title, content }. */
    .addColumn('translations', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    /** Removed items stay for the audit log and so a first start never brings them back. */
    .addColumn('deleted_at', 'bigint')
    .execute();
  await db.schema.createIndex('content_items_kind').on('content_items').columns(['kind', 'publish_at']).execute();

  await db.schema
    .createTable('content_reads')
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('content_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('read_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('content_reads_pk', ['user_id', 'content_id'])
    .execute();

  await db.schema
    .createTable('feedback')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('request_id', 'varchar(64)')
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    /** JSON array of upload URLs. */
    .addColumn('images', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('reply', 'text')
    .addColumn('replied_at', 'bigint')
    .addColumn('replied_by', 'varchar(36)')
    /** 1 once the user has seen the latest reply. */
    .addColumn('reply_seen', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('feedback_request', ['user_id', 'request_id'])
    .execute();
  await db.schema.createIndex('feedback_user').on('feedback').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('feedback_replied').on('feedback').columns(['replied_at', 'created_at']).execute();

  // An agreement saved as a setting before content had its own table keeps its text.
  const stored = await sql<{ value: string; updated_at: number | string }>`select value, updated_at from settings where key = 'agreement'`.execute(db);
  const [agreement] = stored.rows;
  if (agreement) {
    const { title, content, translations } = JSON.parse(agreement.value) as { title: string; content: string; translations: unknown };
    const at = Number(agreement.updated_at);
    await sql`insert into content_items (id, kind, title, content, publish_at, translations, created_at, updated_at)
      values ('agreement', 'agreement', ${title}, ${content}, 0, ${JSON.stringify(translations ?? {})}, ${at}, ${at})`.execute(db);
    await sql`delete from settings where key = 'agreement'`.execute(db);
  }
}

/** The agreement goes back to the settings, where the code before this migration reads it. */
export async function down(db: Kysely<unknown>): Promise<void> {
  const current = await sql<{ title: string; content: string; translations: string; updated_at: number | string }>`
    select title, content, translations, updated_at from content_items
    where kind = 'agreement' and deleted_at is null order by updated_at desc`.execute(db);
  const [agreement] = current.rows;
  if (agreement) {
    const value = JSON.stringify({ title: agreement.title, content: agreement.content, translations: JSON.parse(agreement.translations) as unknown });
    await sql`delete from settings where key = 'agreement'`.execute(db);
    await sql`insert into settings (key, value, updated_at) values ('agreement', ${value}, ${Number(agreement.updated_at)})`.execute(db);
  }
  await db.schema.dropTable('feedback').execute();
  await db.schema.dropTable('content_reads').execute();
  await db.schema.dropTable('content_items').execute();
}
