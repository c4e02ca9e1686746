import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DialectName } from './database.js';
import type { Database } from './schema.js';

/**
 * Many rows in few statements. PostgreSQL takes each column as one array
 * (`unnest`), so ten thousand rows are one statement with a handful of
 * parameters; SQLite takes them as one JSON text, read back by `json_each`.
 */

export type ColumnType = 'text' | 'bigint';

/** Rows per SQLite statement: one JSON text each. */
const SQLITE_ROWS_PER_STATEMENT = 20_000;
/** Keeps one PostgreSQL statement's arrays to a sensible size. */
const POSTGRES_ROWS_PER_STATEMENT = 20_000;

function chunks<T>(rows: T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < rows.length; start += size) result.push(rows.slice(start, start + size));
  return result;
}

/** A row's columns hold text, whole numbers or null. */
type Row = object;
const valueIn = (row: Row, name: string) => ((row as Record<string, string | number | null | undefined>)[name] ?? null);

/** `unnest($1::text[], $2::bigint[], …) with ordinality as v(a, b, …, n)` over the rows' columns; `n` is the row's place. */
function unnestOf(columns: [string, ColumnType][], rows: Row[]): RawBuilder<unknown> {
  const arrays = columns.map(([name, type]) => sql`${rows.map((row) => valueIn(row, name))}::${sql.raw(type)}[]`);
  return sql`unnest(${sql.join(arrays)}) with ordinality as v(${sql.join(columns.map(([name]) => sql.ref(name)))}, n)`;
}

/** SQLite: the rows as one JSON array of arrays, read back by `json_each` in their order, each column by its index. */
function jsonRowsOf(columns: [string, ColumnType][], rows: Row[]): { source: RawBuilder<unknown>; column: (index: number) => RawBuilder<unknown> } {
  const json = JSON.stringify(rows.map((row) => columns.map(([name]) => valueIn(row, name))));
  return { source: sql`json_each(${json}) as j`, column: (index) => sql`j.value ->> ${sql.raw(String(index))}` };
}

/**
 * The rows as a table to select from in one statement of one's own (an
 * INSERT with ON CONFLICT, an UPDATE joined to them): `from` goes after FROM,
 * `column` names one of theirs, `order` is their place. At most one chunk of rows.
 */
export function rowsAsTable(dialect: DialectName, columns: [string, ColumnType][], rows: Row[]): { from: RawBuilder<unknown>; column: (name: string) => RawBuilder<unknown>; order: RawBuilder<unknown> } {
  if (dialect === 'postgres') return { from: unnestOf(columns, rows), column: (name) => sql.ref(`v.${name}`), order: sql`v.n` };
  const json = jsonRowsOf(columns, rows);
  const index = new Map(columns.map(([name], i) => [name, i]));
  return { from: json.source, column: (name) => json.column(index.get(name)!), order: sql`j.key` };
}

/** Inserts the rows in their order (serial ids follow it). */
export async function insertRows(trx: Kysely<Database>, dialect: DialectName, table: keyof Database, columns: [string, ColumnType][], rows: Row[]): Promise<void> {
  const names = sql.join(columns.map(([name]) => sql.ref(name)));
  if (dialect === 'postgres') {
    for (const chunk of chunks(rows, POSTGRES_ROWS_PER_STATEMENT)) {
      await sql`insert into ${sql.table(table)} (${names}) select ${names} from ${unnestOf(columns, chunk)} order by n`.execute(trx);
    }
    return;
  }
  for (const chunk of chunks(rows, SQLITE_ROWS_PER_STATEMENT)) {
    const { source, column } = jsonRowsOf(columns, chunk);
    await sql`insert into ${sql.table(table)} (${names}) select ${sql.join(columns.map((_, i) => column(i)))} from ${source} order by j.key`.execute(trx);
  }
}

/** Sets `column` of each row whose `key` is listed to its value; `extra` sets more columns alike for all of them. */
export async function updateRows(
  trx: Kysely<Database>,
  dialect: DialectName,
  table: keyof Database,
  key: string,
  column: string,
  values: [string, number][],
  extra: RawBuilder<unknown> = sql``,
): Promise<void> {
  const target = sql.ref(`${table}.${key}`);
  if (dialect === 'postgres') {
    for (const chunk of chunks(values, POSTGRES_ROWS_PER_STATEMENT)) {
      const source = unnestOf([['key', 'text'], ['value', 'bigint']], chunk.map(([id, value]) => ({ key: id, value })));
      await sql`update ${sql.table(table)} set ${sql.ref(column)} = v.value ${extra} from ${source} where ${target} = v.key`.execute(trx);
    }
    return;
  }
  for (const chunk of chunks(values, SQLITE_ROWS_PER_STATEMENT)) {
    const json = jsonRowsOf([['key', 'text'], ['value', 'bigint']], chunk.map(([id, value]) => ({ key: id, value })));
    await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${json.column(1)} ${extra} from ${json.source} where ${target} = ${json.column(0)}`.execute(trx);
  }
}
