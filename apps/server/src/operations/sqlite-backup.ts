import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { openDatabase, sqliteFileIn } from '../db/database.js';
import { OperationError, writeWhole } from './backup-file.js';
import { describeRowCounts } from './row-counts.js';

/**
 * Every page in one step, so in one read transaction: the server's writes
 * meanwhile cannot make SQLite start the copy over, as they would between
 * steps of a few pages.
 */
const ALL_PAGES = 0x7fffffff;

/** The embedded database's files: any of them in a data folder means it holds a database. */
const DATABASE_FILES = ['', '-wal', '-shm', '-journal'];

/** A consistent copy of the data folder's database, taken while the server may be writing to it; answers the copy's row counts. */
export async function backupSqlite(dataDir: string, file: string): Promise<string> {
  const source = sqliteFileIn(dataDir);
  if (!fs.existsSync(source)) throw new OperationError(`There is no database at ${source} to back up: is DATA_DIR right?`);
  const database = new SQLite(source, { fileMustExist: true });
  let counts = '';
  try {
    await writeWhole(file, async (partial) => {
      await database.backup(partial, { progress: () => ALL_PAGES });
      counts = await rowCountsOf(partial);
    });
  } finally {
    database.close();
  }
  return counts;
}

/** The row counts of a database file that nothing else has open. */
export async function rowCountsOf(sqliteFile: string): Promise<string> {
  const copy = openDatabase({ sqliteFile });
  try {
    return await describeRowCounts(copy.db);
  } finally {
    await copy.close();
  }
}

/** Loads a backup into a data folder that holds no database yet (created when missing); answers the restored row counts. */
export async function restoreSqlite(file: string, dataDir: string): Promise<string> {
  const target = sqliteFileIn(dataDir);
  const present = DATABASE_FILES.map((suffix) => `${target}${suffix}`).filter((name) => fs.existsSync(name));
  if (present.length > 0) {
    throw new OperationError(
      `The data folder ${dataDir} already holds a database (${present.map((name) => path.basename(name)).join(', ')}): ` +
        'a restore goes only into an empty data folder. Point DATA_DIR at a new folder, or move those files away first.',
    );
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const restoring = `${target}.restoring`;
  const removeRestoring = () => DATABASE_FILES.forEach((suffix) => fs.rmSync(`${restoring}${suffix}`, { force: true }));
  removeRestoring();
  try {
    fs.copyFileSync(file, restoring);
    checkServerDatabase(restoring, file);
    // A link, unlike a rename, never replaces a database that appeared meanwhile.
    try {
      fs.linkSync(restoring, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new OperationError(`A database appeared at ${target} during the restore: nothing was changed.`);
      throw error;
    }
  } finally {
    removeRestoring();
  }
  return rowCountsOf(target);
}

/** The copy is whole and is this server's database: a damaged or foreign file never becomes the data folder's database. */
function checkServerDatabase(copy: string, file: string): void {
  let database: SQLite.Database | undefined;
  try {
    database = new SQLite(copy, { fileMustExist: true });
    const integrity = database.pragma('quick_check', { simple: true });
    if (integrity !== 'ok') throw new OperationError(`${file} is damaged (${String(integrity)}): restore an older backup.`);
    const migrations = database.prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'").get();
    if (migrations === undefined) throw new OperationError(`${file} is a SQLite database, but not this server's: it has no migrations table.`);
  } catch (error) {
    if (error instanceof SQLite.SqliteError) throw new OperationError(`${file} cannot be read as a database (${error.message}): restore an older backup.`);
    throw error;
  } finally {
    database?.close();
  }
}
