import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('projects')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('period_seconds', 'integer', (c) => c.notNull().check(sql`period_seconds >= 10 and 86400 % period_seconds = 0`))
    .addColumn('lock_seconds', 'integer', (c) => c.notNull())
    .addColumn('unit_amount', 'bigint', (c) => c.notNull().check(sql`unit_amount > 0`))
    .addColumn('min_quantity', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('max_quantity', 'integer', (c) => c.notNull())
    /** JSON: option code → odds in hundredths. */
    .addColumn('odds', 'text', (c) => c.notNull())
    .addColumn('exposure_limit', 'bigint')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('projects_lock_inside_period', sql`lock_seconds >= 0 and lock_seconds < period_seconds`)
    .execute();

  await db.schema
    .createTable('periods')
    .addColumn('project_id', 'varchar(32)', (c) => c.notNull().references('projects.id'))
    .addColumn('period_no', 'varchar(16)', (c) => c.notNull())
    .addColumn('opens_at', 'bigint', (c) => c.notNull())
    .addColumn('locks_at', 'bigint', (c) => c.notNull())
    .addColumn('draws_at', 'bigint', (c) => c.notNull())
    // Secret until the draw; only its hash is shown before.
    .addColumn('server_seed', 'varchar(64)', (c) => c.notNull())
    .addColumn('seed_hash', 'varchar(64)', (c) => c.notNull())
    // Set once, by the draw: "a,b,c".
    .addColumn('dice', 'varchar(5)')
    .addColumn('drawn_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('periods_pk', ['project_id', 'period_no'])
    .execute();
  await db.schema.createIndex('periods_due').on('periods').columns(['drawn_at', 'draws_at']).execute();
  await db.schema.createIndex('periods_project_draws').on('periods').columns(['project_id', 'draws_at']).execute();

  await db.schema
    .createTable('orders')
    .addColumn('order_no', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('project_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('period_no', 'varchar(16)', (c) => c.notNull())
    .addColumn('option_code', 'varchar(16)', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('odds', 'integer', (c) => c.notNull())
    // Set once, by the settlement in the draw's transaction.
    .addColumn('payout', 'bigint')
    .addColumn('settled_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addForeignKeyConstraint('orders_period', ['project_id', 'period_no'], 'periods', ['project_id', 'period_no'])
    .execute();
  await db.schema.createIndex('orders_period').on('orders').columns(['project_id', 'period_no']).execute();
  await db.schema.createIndex('orders_user').on('orders').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('orders').execute();
  await db.schema.dropTable('periods').execute();
  await db.schema.dropTable('projects').execute();
}
