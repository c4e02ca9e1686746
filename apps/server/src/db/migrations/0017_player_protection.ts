import { PostgresAdapter, sql, type Kysely } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Player protection (PRODUCT §12). One row per user that every recharge,
 * order and chase locks first (created on first use), so a limit's check and
 * the write it allows are one step; the limits in force and waiting; and the
 * trail of every change the user made.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('player_protection')
    .addColumn('user_id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('reality_check_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('timeout_until', 'bigint')
    .addColumn('self_excluded_until', 'bigint')
    .execute();
  await db.schema
    .createTable('player_limits')
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull().check(sqlIn('kind', ['deposit', 'loss'])))
    .addColumn('period', 'varchar(8)', (c) => c.notNull().check(sqlIn('period', ['day', 'week', 'month'])))
    /** Cents; null: none in force. */
    .addColumn('amount', 'bigint')
    /** A higher or removed limit waiting: the amount (null: removal) and when it applies; both null when none waits. */
    .addColumn('pending_amount', 'bigint')
    .addColumn('pending_at', 'bigint')
    .addPrimaryKeyConstraint('player_limits_pk', ['user_id', 'kind', 'period'])
    .execute();
  await db.schema
    .createTable('protection_changes')
    .addColumn('id', isPostgres(db) ? 'bigserial' : 'integer', (c) => (isPostgres(db) ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('action', 'varchar(40)', (c) => c.notNull())
    .addColumn('before_json', 'text', (c) => c.notNull())
    .addColumn('after_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('protection_changes_user').on('protection_changes').columns(['user_id', 'id']).execute();
}

function sqlIn(column: string, values: string[]) {
  return sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('protection_changes').execute();
  await db.schema.dropTable('player_limits').execute();
  await db.schema.dropTable('player_protection').execute();
}
