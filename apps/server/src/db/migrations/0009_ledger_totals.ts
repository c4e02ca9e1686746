import { PostgresAdapter, sql, type Kysely } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** The house's accounts that every user's movements meet, kept in shards from here on (see HOUSE_SHARDS). */
const NEWLY_SHARDED = ['world', 'fees'];
const SHARDS = 8;

/**
 * Every entry of a user account adds to its total of that transfer kind, in
 * the statement that writes the entry: whatever code writes entries, the
 * totals follow, and no movement spends a round trip on them. Row by row on
 * both databases: measured on PostgreSQL, a statement-level trigger over a
 * transition table cost a recharge approval 0.5 ms of the server's CPU, the
 * row trigger next to nothing. The entries come after their accounts'
 * UPDATEs, whose row locks guard the totals.
 */
async function keepTotals(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`create function ledger_add_to_totals() returns trigger language plpgsql as $$
      begin
        insert into ledger_totals (account_id, kind, total)
          values (new.account_id, (select t.kind from ledger_transfers t where t.id = new.transfer_id), new.amount)
        on conflict (account_id, kind) do update set total = ledger_totals.total + excluded.total;
        return null;
      end $$`.execute(db);
    await sql`create trigger ledger_entries_totals after insert on ledger_entries for each row
      when (new.account_id not like 'system:%') execute function ledger_add_to_totals()`.execute(db);
    return;
  }
  await sql`create trigger ledger_entries_totals after insert on ledger_entries
    when new.account_id not like 'system:%'
    begin
      insert into ledger_totals (account_id, kind, total)
        select new.account_id, t.kind, new.amount from ledger_transfers t where t.id = new.transfer_id
      on conflict (account_id, kind) do update set total = total + excluded.total;
    end`.execute(db);
}

/**
 * What a user's assets page sums, kept as it moves: per user account and
 * transfer kind, the total of its entries, so reading it costs the same after
 * ten movements or ten thousand. And the house's world and fees accounts in
 * shards, like its game account: every recharge approval met the one world row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ledger_totals')
    .addColumn('account_id', 'varchar(64)', (c) => c.notNull().references('ledger_accounts.id'))
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('total', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('ledger_totals_pk', ['account_id', 'kind'])
    .execute();
  await sql`insert into ledger_totals (account_id, kind, total)
    select e.account_id, t.kind, sum(e.amount)
    from ledger_entries e
    join ledger_transfers t on t.id = e.transfer_id
    join ledger_accounts a on a.id = e.account_id
    where a.user_id is not null
    group by e.account_id, t.kind`.execute(db);
  await keepTotals(db);

  for (const kind of NEWLY_SHARDED) {
    for (let shard = 1; shard < SHARDS; shard += 1) {
      await sql`insert into ledger_accounts (id, user_id, kind, balance, created_at) values (${`system:${kind}:${shard}`}, null, ${kind}, 0, 0)`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger ledger_entries_totals ${sql.raw(isPostgres(db) ? 'on ledger_entries' : '')}`.execute(db);
  if (isPostgres(db)) await sql`drop function ledger_add_to_totals()`.execute(db);
  await db.schema.dropTable('ledger_totals').execute();
  for (const kind of NEWLY_SHARDED) await sql`delete from ledger_accounts where id like ${`system:${kind}:%`}`.execute(db);
}
