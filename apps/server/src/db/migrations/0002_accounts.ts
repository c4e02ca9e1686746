import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('username', 'varchar(20)', (c) => c.notNull())
    .addColumn('username_key', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('pay_password_hash', 'text', (c) => c.notNull())
    .addColumn('invite_code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('invited_by_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('inviter_user_id', 'varchar(36)')
    .addColumn('avatar', 'varchar(200)')
    .addColumn('lang', 'varchar(16)', (c) => c.notNull())
    .addColumn('contact', 'varchar(254)')
    .addColumn('contact_kind', 'varchar(8)', (c) => c.check(sql`contact_kind in ('email', 'mobile')`))
    .addColumn('frozen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pay_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pay_locked_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_inviter').on('users').column('inviter_user_id').execute();
  await db.schema.createIndex('users_created_at').on('users').column('created_at').execute();

  for (const table of ['user_sessions', 'operator_sessions']) {
    await db.schema
      .createTable(table)
      .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('owner_id', 'varchar(36)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex(`${table}_owner`).on(table).column('owner_id').execute();
    await db.schema.createIndex(`${table}_expires_at`).on(table).column('expires_at').execute();
  }

  await db.schema
    .createTable('captchas')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('answer', 'varchar(12)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('captchas_expires_at').on('captchas').column('expires_at').execute();

  await db.schema
    .createTable('verification_codes')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull().check(sql`purpose in ('register', 'reset')`))
    .addColumn('target_key', 'varchar(254)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('verification_codes_target')
    .on('verification_codes')
    .columns(['purpose', 'target_key', 'created_at'])
    .execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'varchar(300)', (c) => c.primaryKey())
    .addColumn('window_started_at', 'bigint', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_window').on('rate_limits').column('window_started_at').execute();

  await db.schema
    .createTable('login_failures')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_failed_at', 'bigint', (c) => c.notNull())
    .addColumn('locked_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('uploads')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('url', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('content_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uploads_user').on('uploads').column('user_id').execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('channel', 'varchar(8)', (c) => c.notNull().check(sql`channel in ('email', 'sms')`))
    .addColumn('target', 'varchar(254)', (c) => c.notNull())
    .addColumn('subject', 'varchar(200)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('outbox_created_at').on('outbox').column('created_at').execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('operator_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('target', 'varchar(200)', (c) => c.notNull())
    .addColumn('before_json', 'text', (c) => c.notNull())
    .addColumn('after_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_created_at').on('audit_log').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'audit_log',
    'outbox',
    'uploads',
    'login_failures',
    'rate_limits',
    'verification_codes',
    'captchas',
    'operator_sessions',
    'user_sessions',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
