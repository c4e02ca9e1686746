import { sql, type Kysely } from 'kysely';

/**
 * Operators get a role, can be disabled and can turn TOTP on; adjustments
 * above the approval threshold wait in their own table for a second operator;
 * indexes for the audit filters and the dashboard's days.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Operators made before roles existed ran everything: they stay admins.
  await db.schema
    .alterTable('operators')
    .addColumn('role', 'varchar(16)', (c) => c.notNull().defaultTo('admin').check(sql`role in ('admin', 'finance', 'support', 'content')`))
    .execute();
  await db.schema.alterTable('operators').addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  /** Base32; set once TOTP is on. */
  await db.schema.alterTable('operators').addColumn('totp_secret', 'varchar(64)').execute();
  /** Base32; from setup until a code of it turns TOTP on. */
  await db.schema.alterTable('operators').addColumn('totp_pending_secret', 'varchar(64)').execute();
  /** The last 30-second step whose code was accepted: a code is taken once. */
  await db.schema.alterTable('operators').addColumn('totp_last_step', 'bigint').execute();

  await db.schema
    .createTable('adjustments')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('account', 'varchar(16)', (c) => c.notNull().check(sql`account in ('available', 'coin')`))
    /** Cents, or points for credit points; signed. */
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'varchar(200)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().check(sql`status in ('pending', 'approved', 'rejected')`))
    .addColumn('proposed_by', 'varchar(36)', (c) => c.notNull())
    .addColumn('proposed_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_by', 'varchar(36)')
    .addColumn('decided_at', 'bigint')
    .addColumn('remark', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('transfer_id', 'varchar(36)')
    .execute();
  await db.schema.createIndex('adjustments_status').on('adjustments').columns(['status', 'proposed_at']).execute();

  await db.schema.createIndex('audit_log_operator').on('audit_log').columns(['operator_id', 'created_at']).execute();
  await db.schema.createIndex('audit_log_action').on('audit_log').columns(['action', 'created_at']).execute();
  // The dashboard's days and the exports' batches are ranges of these times.
  await db.schema.createIndex('orders_created_at').on('orders').columns(['created_at', 'order_no']).execute();
  await db.schema.createIndex('recharges_created_at').on('recharges').columns(['created_at', 'order_no']).execute();
  await db.schema.createIndex('withdrawals_created_at').on('withdrawals').columns(['created_at', 'order_no']).execute();
  await db.schema.createIndex('recharges_reviewed_at').on('recharges').columns(['reviewed_at']).execute();
  await db.schema.createIndex('withdrawals_reviewed_at').on('withdrawals').columns(['reviewed_at']).execute();
  await db.schema.createIndex('ledger_transfers_created_at').on('ledger_transfers').columns(['created_at', 'user_id']).execute();
  await db.schema.createIndex('ledger_entries_created_at').on('ledger_entries').columns(['created_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of ['ledger_entries_created_at', 'ledger_transfers_created_at', 'withdrawals_reviewed_at', 'recharges_reviewed_at', 'withdrawals_created_at', 'recharges_created_at', 'orders_created_at', 'audit_log_action', 'audit_log_operator']) {
    await db.schema.dropIndex(index).execute();
  }
  await db.schema.dropTable('adjustments').execute();
  for (const column of ['totp_last_step', 'totp_pending_secret', 'totp_secret', 'disabled', 'role']) {
    await db.schema.alterTable('operators').dropColumn(column).execute();
  }
}
