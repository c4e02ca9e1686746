import { sql, type Kysely } from 'kysely';

/**
 * Live results (PRODUCT §6): a log of the events streamed to the app, kept
 * for a reconnect to resume from, with one sequence row whose lock orders
 * the events as their transactions commit; and the single-use tickets that
 * open a stream on any instance.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('live_events')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('type', 'varchar(16)', (c) => c.notNull().check(sql`type in ('period', 'settled', 'balance', 'notice')`))
    /** Null: for every user. */
    .addColumn('user_id', 'varchar(36)')
    .addColumn('data', 'text', (c) => c.notNull())
    /** An event that several instances may write (a period's status) is written once, under this key. */
    .addColumn('once_key', 'varchar(120)', (c) => c.unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('live_events_user').on('live_events').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('live_events_created_at').on('live_events').column('created_at').execute();

  await db.schema
    .createTable('live_event_sequence')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('last_id', 'bigint', (c) => c.notNull())
    /** Every event up to this id has been deleted: a reconnect from before it has missed some. */
    .addColumn('pruned_through', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into live_event_sequence (id, last_id, pruned_through) values (1, 0, 0)`.execute(db);

  await db.schema
    .createTable('event_tickets')
    .addColumn('ticket_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull())
    /** The session that asked: a stream opens only while it lives. */
    .addColumn('session_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('event_tickets_expires_at').on('event_tickets').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('event_tickets').execute();
  await db.schema.dropTable('live_event_sequence').execute();
  await db.schema.dropTable('live_events').execute();
}
