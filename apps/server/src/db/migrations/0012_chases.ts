import { sql, type Kysely } from 'kysely';

/**
 * Chasing (PRODUCT §6): a chase reserves the amount of every period at once
 * in the user's new `chase` account; each period is a row whose state moves
 * once from `waiting` (guarded updates), and the orders a period placed are
 * linked to it, so `ledger verify` can tell them from orders paid from the
 * balance.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`insert into ledger_accounts (id, user_id, kind, balance, created_at)
    select id || ':chase', id, 'chase', 0, created_at from users`.execute(db);

  await db.schema
    .createTable('chases')
    .addColumn('chase_no', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('project_id', 'varchar(32)', (c) => c.notNull().references('projects.id'))
    /** JSON: [{ option, quantity }], as ordered in every period. */
    .addColumn('selections', 'text', (c) => c.notNull())
    /** The project's unit amount when the chase was made: what each period's reserve pays for. */
    .addColumn('unit_amount', 'bigint', (c) => c.notNull().check(sql`unit_amount > 0`))
    .addColumn('amount_per_period', 'bigint', (c) => c.notNull().check(sql`amount_per_period > 0`))
    .addColumn('stop_on_win', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('chases_user').on('chases').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('chase_periods')
    .addColumn('chase_no', 'varchar(24)', (c) => c.notNull().references('chases.chase_no'))
    /** 0 for the first period of the chase. */
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('project_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('period_no', 'varchar(16)', (c) => c.notNull())
    /** When the clock said, at the chase's making, this period would open and lock (the period may not exist yet). */
    .addColumn('expected_opens_at', 'bigint', (c) => c.notNull())
    .addColumn('expected_locks_at', 'bigint', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('state', 'varchar(12)', (c) => c.notNull().check(sql`state in ('waiting', 'placed', 'won', 'lost', 'skipped', 'cancelled')`))
    .addColumn('reason', 'varchar(32)')
    .addColumn('payout', 'bigint')
    .addColumn('placed_at', 'bigint')
    .addColumn('ended_at', 'bigint')
    .addPrimaryKeyConstraint('chase_periods_pk', ['chase_no', 'seq'])
    .execute();
  await db.schema.createIndex('chase_periods_period').on('chase_periods').columns(['project_id', 'period_no', 'state']).execute();
  // The scheduler looks for waiting periods every second: only those are indexed.
  await db.schema
    .createIndex('chase_periods_waiting')
    .on('chase_periods')
    .columns(['expected_opens_at'])
    .where(sql.ref('state'), '=', sql.lit('waiting'))
    .execute();

  await db.schema
    .createTable('chase_orders')
    .addColumn('order_no', 'varchar(24)', (c) => c.primaryKey().references('orders.order_no'))
    .addColumn('chase_no', 'varchar(24)', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addForeignKeyConstraint('chase_orders_period', ['chase_no', 'seq'], 'chase_periods', ['chase_no', 'seq'])
    .execute();
  await db.schema.createIndex('chase_orders_period').on('chase_orders').columns(['chase_no', 'seq']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('chase_orders').execute();
  await db.schema.dropTable('chase_periods').execute();
  await db.schema.dropTable('chases').execute();
  await sql`delete from ledger_accounts where kind = 'chase' and user_id is not null`.execute(db);
}
