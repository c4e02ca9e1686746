import { PostgresAdapter, sql, type Kysely } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

const IMMUTABLE_TABLES = ['ledger_transfers', 'ledger_entries'];

/** The database itself refuses to change or remove a ledger row: corrections are new transfers. */
async function refuseChanges(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`create function ledger_refuse_change() returns trigger language plpgsql as $$
      begin raise exception 'ledger rows are never changed or removed (%)', tg_table_name; end $$`.execute(db);
    for (const table of IMMUTABLE_TABLES) {
      await sql`create trigger ${sql.raw(`${table}_immutable`)} before update or delete on ${sql.table(table)}
        for each row execute function ledger_refuse_change()`.execute(db);
      await sql`create trigger ${sql.raw(`${table}_no_truncate`)} before truncate on ${sql.table(table)}
        for each statement execute function ledger_refuse_change()`.execute(db);
    }
    return;
  }
  for (const table of IMMUTABLE_TABLES) {
    for (const event of ['update', 'delete']) {
      await sql`create trigger ${sql.raw(`${table}_no_${event}`)} before ${sql.raw(event)} on ${sql.table(table)}
        begin select raise(abort, 'ledger rows are never changed or removed'); end`.execute(db);
    }
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ledger_accounts')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)')
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    // The last guard: a user's account never goes below zero, whatever the code does.
    .addCheckConstraint('ledger_accounts_user_not_negative', sql`user_id is null or balance >= 0`)
    .addUniqueConstraint('ledger_accounts_owner_kind', ['user_id', 'kind'])
    .execute();

  await db.schema
    .createTable('ledger_transfers')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(36)')
    .addColumn('reference', 'varchar(40)', (c) => c.notNull())
    .addColumn('memo', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('operator_id', 'varchar(36)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // Each event of a record moves money once: a second approval of one withdrawal cannot even be written.
  await db.schema.createIndex('ledger_transfers_reference').on('ledger_transfers').columns(['reference', 'kind']).unique().execute();

  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', isPostgres(db) ? 'bigserial' : 'integer', (c) =>
      isPostgres(db) ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('transfer_id', 'varchar(36)', (c) => c.notNull().references('ledger_transfers.id'))
    .addColumn('account_id', 'varchar(64)', (c) => c.notNull().references('ledger_accounts.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount <> 0`))
    .addColumn('balance_after', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ledger_entries_account').on('ledger_entries').columns(['account_id', 'id']).execute();
  await db.schema.createIndex('ledger_entries_transfer').on('ledger_entries').column('transfer_id').execute();
  await refuseChanges(db);

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('owner_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('request_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('fields_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('claim_token', 'varchar(36)', (c) => c.notNull())
    .addColumn('claimed_at', 'bigint', (c) => c.notNull())
    .addColumn('response_json', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['owner_id', 'request_id'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created_at').on('idempotency_keys').column('created_at').execute();

  await db.schema
    .createTable('recharges')
    .addColumn('order_no', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('channel_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('channel_name', 'varchar(60)', (c) => c.notNull())
    .addColumn('channel_kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('channel_details', 'text', (c) => c.notNull())
    .addColumn('random_decimal', 'integer', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('pay_amount', 'bigint', (c) => c.notNull())
    // Set only while a random-decimal recharge is under review: no two may ask for the same payment.
    .addColumn('match_key', 'varchar(64)', (c) => c.unique())
    .addColumn('voucher', 'varchar(200)')
    .addColumn('status', 'varchar(12)', (c) => c.notNull().check(sql`status in ('review', 'completed', 'refused')`))
    .addColumn('remark', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('reviewed_at', 'bigint')
    .addColumn('reviewed_by', 'varchar(36)')
    .addCheckConstraint('recharges_pay_covers_amount', sql`pay_amount >= amount`)
    .execute();
  await db.schema.createIndex('recharges_user').on('recharges').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('recharges_status').on('recharges').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('withdrawals')
    .addColumn('order_no', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('bank_name', 'varchar(60)', (c) => c.notNull())
    .addColumn('card_no', 'varchar(30)', (c) => c.notNull())
    .addColumn('card_no_masked', 'varchar(30)', (c) => c.notNull())
    .addColumn('address', 'varchar(200)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('fee', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull().check(sql`status in ('review', 'completed', 'refused')`))
    .addColumn('remark', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('reviewed_at', 'bigint')
    .addColumn('reviewed_by', 'varchar(36)')
    .addCheckConstraint('withdrawals_fee_below_amount', sql`fee >= 0 and fee < amount`)
    .execute();
  await db.schema.createIndex('withdrawals_user').on('withdrawals').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('withdrawals_status').on('withdrawals').columns(['status', 'created_at']).execute();

  await db.schema
    .alterTable('users')
    .addColumn('pending_withdrawals', 'integer', (c) => c.notNull().defaultTo(0).check(sql`pending_withdrawals >= 0`))
    .execute();

  // Users registered before the ledger get their accounts now.
  for (const kind of ['available', 'frozen', 'coin']) {
    await sql`insert into ledger_accounts (id, user_id, kind, balance, created_at)
      select id || ${`:${kind}`}, id, ${kind}, 0, created_at from users`.execute(db);
  }
  for (const kind of ['world', 'game', 'fees', 'adjustments', 'coin_issuer']) {
    await sql`insert into ledger_accounts (id, user_id, kind, balance, created_at)
      values (${`system:${kind}`}, null, ${kind}, 0, 0)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('pending_withdrawals').execute();
  for (const table of ['withdrawals', 'recharges', 'idempotency_keys', 'ledger_entries', 'ledger_transfers', 'ledger_accounts']) {
    await db.schema.dropTable(table).execute();
  }
  if (isPostgres(db)) await sql`drop function ledger_refuse_change()`.execute(db);
}
