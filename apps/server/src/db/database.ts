import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type pg from 'pg';
import { loadOnDemand } from '../load-on-demand.js';
import { OwnSchemaPostgresDialect } from './own-schema-introspector.js';
import type { Database } from './schema.js';
import { reusingStatements } from './sqlite-statements.js';
import { namingReusableStatements } from './reusable-query.js';

export type DialectName = 'sqlite' | 'postgres';

export interface OpenDatabase {
  db: Kysely<Database>;
  dialect: DialectName;
  /** PostgreSQL: the schema the tables live in. */
  schema: string | undefined;
  /** PostgreSQL only: a connection of its own, outside the pool, for LISTEN. */
  newListener?: () => pg.Client;
  /** PostgreSQL only: the pool's connections now. */
  poolUse?: () => { total: number; idle: number; waiting: number };
  /** PostgreSQL only: queries sent so far, each one round trip (BEGIN and COMMIT included). */
  queriesSent?: () => number;
  close(): Promise<void>;
}

let driver: typeof pg | undefined;

/** The PostgreSQL driver, loaded on first use. */
function postgresDriver(): typeof pg {
  if (driver) return driver;
  driver = loadOnDemand<typeof pg>('pg');
  // BIGINT arrives from pg as text; our bigints (milliseconds, cents) are all safe integers.
  driver.types.setTypeParser(driver.types.builtins.INT8, (text) => {
    const value = Number(text);
    if (!Number.isSafeInteger(value)) throw new RangeError(`bigint out of safe range: ${text}`);
    return value;
  });
  return driver;
}

/** Where the embedded database lives inside the data folder. */
export const sqliteFileIn = (dataDir: string) => path.join(dataDir, 'wallet.sqlite');

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** PostgreSQL only: the schema to work in (tests give each file its own). */
  schema?: string;
  /** SQLite only: the file; ':memory:' for a throwaway database. */
  sqliteFile?: string;
  poolSize?: number;
}

/** The database the configuration names: PostgreSQL with DATABASE_URL, else SQLite in the data folder. */
export function openConfiguredDatabase(config: { databaseUrl?: string | undefined; dataDir: string }): OpenDatabase {
  return openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: sqliteFileIn(config.dataDir) });
}

export function openDatabase(options: DatabaseOptions): OpenDatabase {
  if (options.databaseUrl) {
    const connection = {
      connectionString: options.databaseUrl,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    };
    const pg = postgresDriver();
    const pool = new pg.Pool({ ...connection, max: options.poolSize ?? 10 });
    const schema = options.schema ?? 'public';
    const counted = { queries: 0 };
    const db = new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool: namingReusableStatements(pool, counted) }, schema) });
    return {
      db,
      dialect: 'postgres',
      schema,
      newListener: () => new pg.Client(connection),
      poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      queriesSent: () => counted.queries,
      close: () => db.destroy(),
    };
  }

  const file = options.sqliteFile ?? ':memory:';
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: reusingStatements(sqlite) }) });
  return { db, dialect: 'sqlite', schema: undefined, close: () => db.destroy() };
}
