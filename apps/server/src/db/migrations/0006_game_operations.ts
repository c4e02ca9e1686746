import { sql, type Kysely } from 'kysely';

/**
 * What operators need to run the game, and what many players need of it: the
 * house's game account in shards, a cover image, a timing change that
 * waits for the next local midnight (a period once created never changes),
 * and each period's possible payout per option, kept as a counter so the
 * exposure limit holds under parallel orders.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('projects').addColumn('cover', 'varchar(300)', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('projects').addColumn('next_period_seconds', 'integer').execute();
  await db.schema.alterTable('projects').addColumn('next_lock_seconds', 'integer').execute();
  await db.schema.alterTable('projects').addColumn('next_timing_from', 'bigint').execute();

  await db.schema
    .createTable('period_exposure')
    .addColumn('project_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('period_no', 'varchar(16)', (c) => c.notNull())
    .addColumn('option_code', 'varchar(16)', (c) => c.notNull())
    .addColumn('orders', 'integer', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    /** What the period would pay on this option if it won: the sum of floor(amount × odds) of its orders. */
    .addColumn('possible_payout', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('period_exposure_pk', ['project_id', 'period_no', 'option_code'])
    .addForeignKeyConstraint('period_exposure_period', ['project_id', 'period_no'], 'periods', ['project_id', 'period_no'])
    .execute();

  // The game account's shards besides `system:game` (shard 0, which keeps what it holds); see HOUSE_SHARDS.
  for (let shard = 1; shard < 8; shard += 1) {
    await sql`insert into ledger_accounts (id, user_id, kind, balance, created_at) values (${`system:game:${shard}`}, null, 'game', 0, 0)`.execute(db);
  }

  // Orders placed before this migration count too.
  await sql`insert into period_exposure (project_id, period_no, option_code, orders, amount, possible_payout)
    select project_id, period_no, option_code, count(*), sum(amount), sum(amount * odds / 100)
    from orders group by project_id, period_no, option_code`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from ledger_accounts where id like 'system:game:%'`.execute(db);
  await db.schema.dropTable('period_exposure').execute();
  for (const column of ['cover', 'next_period_seconds', 'next_lock_seconds', 'next_timing_from']) {
    await db.schema.alterTable('projects').dropColumn(column).execute();
  }
}
