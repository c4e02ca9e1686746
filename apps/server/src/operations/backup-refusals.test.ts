import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteFileIn } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { runNpmScript } from '../testing/npm-script.js';
import { freshData, openData, serverEnv, type DataLocation } from '../testing/server-process.js';
import { onPostgres } from '../testing/test-database.js';
import { backupConfigured, restoreConfigured, type DatabaseConfig } from './backup-restore.js';

/*
 * What backup and restore refuse, and that a refusal changes nothing: a
 * restore over a database, a file that is no backup or one of the other
 * database, a backup of nothing or over an existing file.
 */

/** Running npm and tsx, or migrating and dumping, takes seconds on a busy machine. */
const NPM_TIMEOUT_MS = 60_000;

let full: DataLocation;
let empty: DataLocation;
let dir: string;
let backupFile: string;

const configOf = (data: DataLocation): DatabaseConfig => ({ databaseUrl: data.env.DATABASE_URL, dataDir: data.env.DATA_DIR! });

async function migrationsIn(data: DataLocation): Promise<string[]> {
  const database = openData(data);
  try {
    return (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(database.db)).rows.map((row) => row.name);
  } finally {
    await database.close();
  }
}

/** Nothing was written to the empty target: no database file, or no table in the database. */
async function isStillEmpty(data: DataLocation): Promise<boolean> {
  if (!onPostgres) return fs.readdirSync(data.env.DATA_DIR!).length === 0;
  const database = openData(data);
  try {
    return (await database.db.introspection.getTables()).length === 0;
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  full = await freshData();
  empty = await freshData();
  const database = openData(full);
  await migrateToLatest(database);
  await database.close();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-backup-refusals-'));
  backupFile = path.join(dir, 'full.backup');
  await backupConfigured(configOf(full), backupFile);
}, NPM_TIMEOUT_MS);
afterAll(async () => {
  await full.remove();
  await empty.remove();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('npm run restore', () => {
  it('refuses a data folder or database that already holds one, with exit code 1, and leaves it as it was', async () => {
    const before = await migrationsIn(full);
    const run = await runNpmScript('restore', [backupFile], serverEnv(full));
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/already holds .+: a restore goes only into an empty (data folder|database)/);
    expect(await migrationsIn(full)).toEqual(before);
    if (!onPostgres) expect(fs.readdirSync(full.env.DATA_DIR!).filter((name) => name.includes('restoring'))).toEqual([]);
  }, NPM_TIMEOUT_MS);

  it('refuses a file that is no backup, a missing file, and a backup of the other database, writing nothing', async () => {
    const junk = path.join(dir, 'notes.txt');
    fs.writeFileSync(junk, 'not a backup');
    await expect(restoreConfigured(configOf(empty), junk)).rejects.toThrow(/is not a backup made by npm run backup/);
    await expect(restoreConfigured(configOf(empty), path.join(dir, 'missing.backup'))).rejects.toThrow(/does not exist/);

    const otherKind = path.join(dir, 'other-kind.backup');
    fs.writeFileSync(otherKind, onPostgres ? 'SQLite format 3\0 and the rest' : 'PGDMP and the rest');
    await expect(restoreConfigured(configOf(empty), otherKind)).rejects.toThrow(
      onPostgres ? /SQLite database, but DATABASE_URL names PostgreSQL/ : /is a PostgreSQL backup, but DATABASE_URL is not set/,
    );
    expect(await isStillEmpty(empty)).toBe(true);
  });

  it.runIf(!onPostgres)('refuses a SQLite database that is not the server\'s', async () => {
    const foreign = path.join(dir, 'foreign.sqlite');
    const database = new SQLite(foreign);
    database.exec('create table notes (text text)');
    database.close();
    await expect(restoreConfigured(configOf(empty), foreign)).rejects.toThrow(/not this server's: it has no migrations table/);
    expect(fs.existsSync(sqliteFileIn(empty.env.DATA_DIR!))).toBe(false);
    expect(await isStillEmpty(empty)).toBe(true);
  });
});

describe('npm run backup', () => {
  it('refuses where there is no database yet, writing no file', async () => {
    const file = path.join(dir, 'nothing.backup');
    await expect(backupConfigured(configOf(empty), file)).rejects.toThrow(onPostgres ? /holds no tables of this server .+ nothing to back up/ : /There is no database at /);
    expect(fs.existsSync(file)).toBe(false);
    expect(await isStillEmpty(empty)).toBe(true);
  });

  it('never overwrites an existing file, with exit code 1', async () => {
    const file = path.join(dir, 'kept.backup');
    fs.writeFileSync(file, 'the last good backup');
    const run = await runNpmScript('backup', [file], serverEnv(full));
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/kept\.backup already exists: name a new file/);
    expect(fs.readFileSync(file, 'utf8')).toBe('the last good backup');
    expect(fs.existsSync(`${file}.partial`)).toBe(false);
  }, NPM_TIMEOUT_MS);

  it('without a FILE prints its usage and exits with code 2', async () => {
    const run = await runNpmScript('backup', [], serverEnv(full));
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^Usage: npm run backup -- FILE/);
  }, NPM_TIMEOUT_MS);
});
