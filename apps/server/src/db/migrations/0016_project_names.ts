import type { Kysely } from 'kysely';

/** A project's name per language (JSON: language → name); null: every language reads the operator's `name`. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('projects').addColumn('names', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('projects').dropColumn('names').execute();
}
