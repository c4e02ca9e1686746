import fs from 'node:fs';
import { sql } from 'kysely';
import type { Config } from '../config.js';
import { openConfiguredDatabase, sqliteFileIn } from '../db/database.js';
import { OperationError, formatOfBackup } from './backup-file.js';
import { backupPostgres, restorePostgres, type PostgresTarget } from './postgres-backup.js';
import { backupSqlite, restoreSqlite } from './sqlite-backup.js';

/** `npm run backup` and `npm run restore`: the database the configuration names, as the server opens it. */

export type DatabaseConfig = Pick<Config, 'databaseUrl' | 'dataDir'>;

async function withPostgres<T>(databaseUrl: string, dataDir: string, work: (target: PostgresTarget) => Promise<T>): Promise<T> {
  const database = openConfiguredDatabase({ databaseUrl, dataDir });
  try {
    await sql`select 1`.execute(database.db).catch((error: unknown) => {
      throw new OperationError(`Cannot reach the database of DATABASE_URL: ${error instanceof Error ? error.message : String(error)}.`);
    });
    return await work({ databaseUrl, database });
  } finally {
    await database.close();
  }
}

const megabytes = (file: string) => `${(fs.statSync(file).size / 1024 / 1024).toFixed(1)} MB`;

/** Writes the backup to `file` (which must not exist yet) and answers what to tell the operator. */
export async function backupConfigured(config: DatabaseConfig, file: string): Promise<string> {
  const { databaseUrl } = config;
  if (databaseUrl) {
    const counts = await withPostgres(databaseUrl, config.dataDir, (target) => backupPostgres(target, file));
    return `Backup of the PostgreSQL database written to ${file} (pg_dump custom format, ${megabytes(file)}): ${counts}.`;
  }
  const counts = await backupSqlite(config.dataDir, file);
  return `Backup of ${sqliteFileIn(config.dataDir)} written to ${file} (SQLite, ${megabytes(file)}): ${counts}.`;
}

/** Loads the backup in `file` into the configured database, which must be empty, and answers what to tell the operator. */
export async function restoreConfigured(config: DatabaseConfig, file: string): Promise<string> {
  const format = formatOfBackup(file);
  if (format === undefined) throw new OperationError(`${file} is not a backup made by npm run backup (neither a SQLite database nor a pg_dump custom-format archive).`);
  const { databaseUrl } = config;
  if (format === 'sqlite' && databaseUrl) {
    throw new OperationError(`${file} is a backup of the embedded SQLite database, but DATABASE_URL names PostgreSQL: unset DATABASE_URL to restore it into DATA_DIR.`);
  }
  if (format === 'postgres' && !databaseUrl) {
    throw new OperationError(`${file} is a PostgreSQL backup, but DATABASE_URL is not set: set it to the empty database to restore into.`);
  }
  const next = 'Check it with npm run ledger:verify, then start the server (it applies any newer migrations).';
  if (databaseUrl) {
    const counts = await withPostgres(databaseUrl, config.dataDir, (target) => restorePostgres(file, target));
    return `Restored ${file} into the PostgreSQL database of DATABASE_URL: ${counts}.\n${next}`;
  }
  const counts = await restoreSqlite(file, config.dataDir);
  return `Restored ${file} into ${sqliteFileIn(config.dataDir)}: ${counts}.\n${next}`;
}
