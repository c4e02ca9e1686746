import { sql, type Kysely } from 'kysely';

/**
 * Four eyes that one admin cannot get round alone: each operator remembers
 * who created it (an account the proposer made is no second pair of eyes),
 * and a higher approval threshold waits for a second admin in its own table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  /** Null for the first-start operator, whom nobody created. */
  await db.schema.alterTable('operators').addColumn('created_by', 'varchar(36)').execute();
  // Operators made before this column: their creation is in the audit log, as a save with nothing before it.
  await sql`update operators set created_by = (
      select a.operator_id from audit_log a
      where a.action = 'operators/save' and a.target = 'operator:' || operators.id and a.before_json = 'null'
      order by a.created_at limit 1
    )`.execute(db);

  await db.schema
    .createTable('threshold_raises')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    /** The threshold asked for, in cents. */
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().check(sql`status in ('pending', 'approved', 'rejected')`))
    .addColumn('proposed_by', 'varchar(36)', (c) => c.notNull())
    .addColumn('proposed_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_by', 'varchar(36)')
    .addColumn('decided_at', 'bigint')
    .addColumn('remark', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('threshold_raises_status').on('threshold_raises').columns(['status', 'proposed_at']).execute();

  // A user's adjustments of the last day, summed before each new one; only adjustments are indexed, so orders pay nothing for it.
  await db.schema
    .createIndex('ledger_transfers_adjustments')
    .on('ledger_transfers')
    .columns(['user_id', 'created_at'])
    .where(sql.ref('kind'), '=', sql.lit('adjustment'))
    .execute();
  await db.schema.createIndex('adjustments_transfer').on('adjustments').column('transfer_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('adjustments_transfer').execute();
  await db.schema.dropIndex('ledger_transfers_adjustments').execute();
  await db.schema.dropTable('threshold_raises').execute();
  await db.schema.alterTable('operators').dropColumn('created_by').execute();
}
