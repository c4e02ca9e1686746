import { PostgresAdapter, sql, type Kysely } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

const OLD_STATUSES = `status in ('review', 'completed', 'refused')`;
const NEW_STATUSES = `status in ('review', 'completed', 'refused', 'expired')`;

/** Recharges may now expire; SQLite cannot change a CHECK in place, so its table is copied into a new one. */
async function allowExpiredRecharges(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table recharges drop constraint recharges_status_check`.execute(db);
    await sql`alter table recharges add constraint recharges_status_check check (${sql.raw(NEW_STATUSES)})`.execute(db);
    return;
  }
  const { rows } = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'recharges'`.execute(db);
  const definition = rows[0]?.sql ?? '';
  if (!definition.includes(OLD_STATUSES)) throw new Error('recharges table is not the one 0003 created');
  const copy = definition.replace(/^create table "?recharges"?/i, 'create table "recharges_next"').replace(OLD_STATUSES, NEW_STATUSES);
  await sql.raw(copy).execute(db);
  await sql`insert into recharges_next select * from recharges`.execute(db);
  await sql`drop table recharges`.execute(db);
  await sql`alter table recharges_next rename to recharges`.execute(db);
  await db.schema.createIndex('recharges_user').on('recharges').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('recharges_status').on('recharges').columns(['status', 'created_at']).execute();
}

/** What earlier first starts put on the "Bank transfer" channel: never to be shown to a payer. */
const PLACEHOLDER_VALUES = ['Set the bank in the console', '0000 0000 0000 0000'];

interface StoredChannel {
  enabled: boolean;
  details: { label: string; value: string }[];
}

/** A channel still carrying the placeholder payment details is closed and emptied, as a first start now leaves it. */
async function closePlaceholderChannels(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ value: string }>`select value from settings where key = 'rechargeChannels'`.execute(db);
  if (!rows[0]) return;
  const channels = JSON.parse(rows[0].value) as StoredChannel[];
  const isPlaceholder = (channel: StoredChannel) => channel.details.some((detail) => PLACEHOLDER_VALUES.includes(detail.value));
  if (!channels.some(isPlaceholder)) return;
  const fixed = channels.map((channel) => (isPlaceholder(channel) ? { ...channel, enabled: false, details: [] } : channel));
  await sql`update settings set value = ${JSON.stringify(fixed)} where key = 'rechargeChannels'`.execute(db);
}

async function addGuards(db: Kysely<unknown>): Promise<void> {
  await allowExpiredRecharges(db);
  await closePlaceholderChannels(db);

  // Recharges holding an extra tenth, counted in the UPDATE that lets a new one in (as pending_withdrawals).
  await db.schema
    .alterTable('users')
    .addColumn('pending_random_recharges', 'integer', (c) => c.notNull().defaultTo(0).check(sql`pending_random_recharges >= 0`))
    .execute();
  await sql`update users set pending_random_recharges =
    (select count(*) from recharges r where r.user_id = users.id and r.match_key is not null)`.execute(db);

  // Payment-password checks under way: a check takes a slot before it runs, so parallel guesses cannot outrun the count.
  await db.schema.alterTable('users').addColumn('pay_checking', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('users').addColumn('pay_check_started_at', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
}

/**
 * PostgreSQL runs each migration in a transaction of Kysely's. SQLite's DDL is
 * transactional too, but Kysely runs it without one: this migration opens its
 * own, so a crash half-way (the table copy!) leaves the database as it was.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return addGuards(db);
  await db.transaction().execute(addGuards);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['pay_check_started_at', 'pay_checking', 'pending_random_recharges']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
