import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { OpenDatabase } from '../db/database.js';
import { OperationError, writeWhole } from './backup-file.js';
import { connectionFor, runPostgresTool } from './postgres-tools.js';
import { describeRowCounts } from './row-counts.js';

/** The server's database on PostgreSQL: where it is, and the open connection pool to check it through. */
export interface PostgresTarget {
  databaseUrl: string;
  database: Pick<OpenDatabase, 'db' | 'schema'>;
}

const schemaOf = (target: PostgresTarget) => target.database.schema ?? 'public';

/** A pg_dump pattern that matches exactly this name. */
const exactly = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function relationsIn(target: PostgresTarget): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`
    select count(*) as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
    where s.nspname = ${schemaOf(target)} and c.relkind in ('r', 'p', 'S', 'v', 'm', 'f')`.execute(target.database.db);
  return Number(rows[0]?.n ?? 0);
}

async function holdsServerTables(target: PostgresTarget): Promise<boolean> {
  const { rows } = await sql<{ n: number | string }>`
    select count(*) as n from information_schema.tables where table_schema = ${schemaOf(target)} and table_name = 'kysely_migration'`.execute(
    target.database.db,
  );
  return Number(rows[0]?.n ?? 0) > 0;
}

/**
 * pg_dump in its custom format of the server's schema: one consistent
 * snapshot, however busy the server is. The rows are counted in that same
 * snapshot (exported to pg_dump), so the counts describe exactly the backup;
 * answers them.
 */
export async function backupPostgres(target: PostgresTarget, file: string): Promise<string> {
  const schema = schemaOf(target);
  if (!(await holdsServerTables(target))) throw new OperationError(`The database of DATABASE_URL holds no tables of this server in schema ${schema}: nothing to back up.`);
  const { dbname, env } = connectionFor(target.databaseUrl);
  return target.database.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const { rows } = await sql<{ snapshot: string }>`select pg_export_snapshot() as snapshot`.execute(trx);
      const counts = await describeRowCounts(trx);
      const snapshot = `--snapshot=${rows[0]!.snapshot}`;
      await writeWhole(file, (partial) => runPostgresTool('pg_dump', ['--format=custom', snapshot, `--schema=${exactly(schema)}`, `--file=${partial}`, `--dbname=${dbname}`], env).then(() => undefined));
      return counts;
    });
}

/** The archive's table of contents, as pg_restore lists it: one line per entry. */
const TOC_SCHEMA = /^\d+; \d+ \d+ SCHEMA - (\S+) /;
const TOC_SCHEMA_COMMENT = /^\d+; \d+ \d+ COMMENT - SCHEMA (\S+) /;
const TOC_MIGRATIONS_TABLE = /^\d+; \d+ \d+ TABLE (\S+) kysely_migration /;

/**
 * Loads a pg_dump archive into the server's schema, which must hold nothing
 * yet, in one transaction: a failure leaves the database as it was. The
 * schema itself is made here, not by the archive, since an empty database
 * already has `public`. Objects belong to DATABASE_URL's role (the server's).
 * Answers the restored row counts.
 */
export async function restorePostgres(file: string, target: PostgresTarget): Promise<string> {
  const schema = schemaOf(target);
  const existing = await relationsIn(target);
  if (existing > 0) {
    throw new OperationError(
      `The database of DATABASE_URL already holds ${existing} tables, sequences or views in schema ${schema}: a restore goes only into an empty database. ` +
        'Create a new database (createdb), point DATABASE_URL at it, and restore again.',
    );
  }
  const toc = (await runPostgresTool('pg_restore', ['--list', file])).split('\n');
  const dumpedSchemas = toc.flatMap((line) => TOC_SCHEMA.exec(line)?.[1] ?? []);
  if (dumpedSchemas.some((dumped) => dumped !== schema)) {
    throw new OperationError(`${file} holds schema ${dumpedSchemas.join(', ')}, but the server works in schema ${schema}.`);
  }
  if (!toc.some((line) => TOC_MIGRATIONS_TABLE.exec(line)?.[1] === schema)) {
    throw new OperationError(`${file} is a pg_dump archive, but not of this server's database: it has no migrations table in schema ${schema}.`);
  }

  const listDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-restore-'));
  try {
    const listFile = path.join(listDir, 'toc.list');
    fs.writeFileSync(listFile, toc.filter((line) => !TOC_SCHEMA.test(line) && !TOC_SCHEMA_COMMENT.test(line)).join('\n'));
    await sql`create schema if not exists ${sql.id(schema)}`.execute(target.database.db);
    const { dbname, env } = connectionFor(target.databaseUrl);
    await runPostgresTool(
      'pg_restore',
      ['--single-transaction', '--exit-on-error', '--no-owner', '--no-privileges', `--use-list=${listFile}`, `--dbname=${dbname}`, file],
      env,
    );
  } finally {
    fs.rmSync(listDir, { recursive: true, force: true });
  }
  // pg_restore leaves the planner without statistics until autovacuum comes by: the server's first queries would plan blind.
  await sql`analyze`.execute(target.database.db);
  return describeRowCounts(target.database.db);
}
