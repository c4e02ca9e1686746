import { Migrator, type Kysely, type MigrationProvider } from 'kysely';
import { MIGRATIONS } from './migrations/index.js';

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

interface MigratableDatabase<DB> {
  db: Kysely<DB>;
  schema: string | undefined;
}

/**
 * Kysely's lock table keeps parallel starts from racing. On PostgreSQL the
 * migration tables are looked for in our own schema: left to itself Kysely
 * finds them in any schema of the database.
 */
const migratorOf = <DB>({ db, schema }: MigratableDatabase<DB>) => new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });

/**
 * Before it migrates, Kysely looks through the tables of every schema; when
 * another schema of the database is dropped at that moment, PostgreSQL answers
 * that this other schema does not exist. Only then is it worth another try:
 * nothing has been migrated yet.
 */
async function alongsideOtherSchemas<T>(ownSchema: string | undefined, work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      const message = error instanceof Error ? error.message : '';
      const otherSchemaVanished = code === '3F000' && !(ownSchema && message.includes(ownSchema));
      if (!otherSchemaVanished || attempt >= 5) throw error;
    }
  }
}

/** Names of the migrations not yet applied to this database. */
export async function pendingMigrations<DB>(database: MigratableDatabase<DB>): Promise<string[]> {
  const migrations = await alongsideOtherSchemas(database.schema, () => migratorOf(database).getMigrations());
  return migrations.filter((m) => m.executedAt === undefined).map((m) => m.name);
}

/** Brings the schema up to the latest migration, or only up to `target` (a migration's name) when given. */
export async function migrateToLatest<DB>(database: MigratableDatabase<DB>, target?: string): Promise<string[]> {
  const { results } = await alongsideOtherSchemas(database.schema, async () => {
    const migrator = migratorOf(database);
    const outcome = target === undefined ? await migrator.migrateToLatest() : await migrator.migrateTo(target);
    if (outcome.error) throw outcome.error instanceof Error ? outcome.error : new Error(String(outcome.error));
    return outcome;
  });
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
