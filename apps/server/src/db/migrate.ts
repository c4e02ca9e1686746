import { Migrator, type Kysely, type MigrationProvider } from 'kysely';
import { MIGRATIONS } from './migrations/index.js';

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

interface MigratableDatabase<DB> {
  db: Kysely<DB>;
  schema: string | undefined;
}

/**
 * Kysely's lock table keeps parallel starts from racing. On PostgreSQL the
 * migration tables are looked for in our own schema (see own-schema-introspector.ts):
 * left to itself Kysely finds them in any schema of the database.
 */
const migratorOf = <DB>({ db, schema }: MigratableDatabase<DB>) => new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });

/** Names of the migrations not yet applied to this database. */
export async function pendingMigrations<DB>(database: MigratableDatabase<DB>): Promise<string[]> {
  return (await migratorOf(database).getMigrations()).filter((m) => m.executedAt === undefined).map((m) => m.name);
}

/** Brings the schema up to the latest migration, or only up to `target` (a migration's name) when given. */
export async function migrateToLatest<DB>(database: MigratableDatabase<DB>, target?: string): Promise<string[]> {
  const migrator = migratorOf(database);
  const { error, results } = target === undefined ? await migrator.migrateToLatest() : await migrator.migrateTo(target);
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
