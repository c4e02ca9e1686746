import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type OpenDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';

export interface TestDatabase extends OpenDatabase {
  /** Drops what was created; call once, in afterAll. */
  destroy(): Promise<void>;
  /** Where a second process (a restarted server) can open the same data. */
  location: { databaseUrl?: string; schema?: string; sqliteFile?: string };
}

/** The tests of this run go to PostgreSQL (TEST_DB=postgres), not SQLite. */
export const onPostgres = process.env.TEST_DB === 'postgres';

/**
 * A fresh, migrated database for one test file: a temporary SQLite file, or,
 * with TEST_DB=postgres, a new schema in TEST_DATABASE_URL that is dropped
 * afterwards. `upTo` stops at that migration (to test the ones after it).
 */
export async function createTestDatabase(upTo?: string): Promise<TestDatabase> {
  if (onPostgres) {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const database = openDatabase({ databaseUrl: url, schema, poolSize: 20 });
    const testDatabase: TestDatabase = {
      ...database,
      location: { databaseUrl: url, schema },
      async destroy() {
        await database.close();
        const dropper = new pg.Client({ connectionString: url });
        await dropper.connect();
        await dropper.query(`drop schema ${schema} cascade`);
        await dropper.end();
      },
    };
    try {
      await migrateToLatest(database, upTo);
    } catch (error) {
      await testDatabase.destroy();
      throw error;
    }
    return testDatabase;
  }

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-test-'));
  const sqliteFile = path.join(dir, 'wallet.sqlite');
  const database = openDatabase({ sqliteFile });
  await migrateToLatest(database, upTo);
  return {
    ...database,
    location: { sqliteFile },
    async destroy() {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
