import { sql, type Kysely } from 'kysely';

/** The house's accounts that every user's movements meet, kept in shards from here on (see HOUSE_SHARDS). */
const NEWLY_SHARDED = ['world', 'fees'];
const SHARDS = 8;

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

  for (const kind of NEWLY_SHARDED) {
    for (let shard = 1; shard < SHARDS; shard += 1) {
      await sql`insert into ledger_accounts (id, user_id, kind, balance, created_at) values (${`system:${kind}:${shard}`}, null, ${kind}, 0, 0)`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ledger_totals').execute();
  for (const kind of NEWLY_SHARDED) await sql`delete from ledger_accounts where id like ${`system:${kind}:%`}`.execute(db);
}
