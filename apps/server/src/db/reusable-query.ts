import { PostgresAdapter, type Compilable, type CompiledQuery, type Kysely, type PostgresPool } from 'kysely';
import type pg from 'pg';
import type { Database } from './schema.js';

/**
 * SQL texts of the reusable queries: on PostgreSQL these, and only these,
 * become named prepared statements (see `namingReusableStatements`), so the
 * set stays as small as the code that builds them.
 */
export const REUSABLE_SQL = new Map<string, string>();

const placeholderFor = (index: number) => `\u0000reusable-parameter-${index}\u0000`;

/** What a reusable query's arguments may be: text, whole numbers (cents, times) or null. */
export type ReusableArgument = string | number | null;

/** Compiles `query` once; the function puts a run's arguments where the stand-ins were. */
function compileOnce<Row>(query: Compilable<Row>, placeholders: string[]): (args: ReusableArgument[]) => CompiledQuery<Row> {
  const compiled = query.compile();
  const argumentAt = compiled.parameters.map((parameter) => placeholders.indexOf(parameter as string));
  if (!REUSABLE_SQL.has(compiled.sql)) REUSABLE_SQL.set(compiled.sql, `reusable_${REUSABLE_SQL.size + 1}`);
  return (args) => ({ ...compiled, parameters: argumentAt.map((at, index) => (at >= 0 ? args[at] : compiled.parameters[index])) });
}

const placeholdersOf = (arity: number) => Array.from({ length: arity }, (_, index) => placeholderFor(index));

/**
 * A hot query built and compiled once; each run only puts its arguments in
 * place. Building and compiling a Kysely query cost more CPU than running it
 * on every signed call's session and balance reads. `build` receives stand-ins
 * for the arguments and must use each where the real one goes, as a value
 * (never in arithmetic of its own).
 */
export function reusableQuery<Row>(db: Kysely<Database>, arity: number, build: (...parameters: string[]) => Compilable<Row>) {
  const placeholders = placeholdersOf(arity);
  const withArguments = compileOnce(build(...placeholders), placeholders);
  return async (...args: ReusableArgument[]): Promise<Row[]> => (await db.executeQuery(withArguments(args))).rows;
}

/**
 * A reusable query run on the executor it is given (a caller's transaction),
 * compiled on its first run for that executor's dialect: for the statements
 * of every movement of money, which have no database of their own to start from.
 */
export function reusableStatement<Row>(arity: number, build: (db: Kysely<Database>, ...parameters: string[]) => Compilable<Row>) {
  const placeholders = placeholdersOf(arity);
  const byDialect = new Map<string, (args: ReusableArgument[]) => CompiledQuery<Row>>();
  return async (executor: Kysely<Database>, ...args: ReusableArgument[]): Promise<Row[]> => {
    const dialect = executor.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
    let withArguments = byDialect.get(dialect);
    if (!withArguments) {
      withArguments = compileOnce(build(executor, ...placeholders), placeholders);
      byDialect.set(dialect, withArguments);
    }
    return (await executor.executeQuery(withArguments(args))).rows;
  };
}

/** An INSERT of `rows.length` rows of `columns`, compiled once per row count (a movement writes one transfer, or a few). */
export function reusableInsert<Row extends object>(table: keyof Database, columns: (keyof Row & string)[]) {
  const byCount = new Map<number, ReturnType<typeof reusableStatement>>();
  return (trx: Kysely<Database>, rows: Row[]) => {
    let statement = byCount.get(rows.length);
    if (!statement) {
      statement = reusableStatement(rows.length * columns.length, (db, ...parameters) =>
        db.insertInto(table).values(
          rows.map((_, row) => Object.fromEntries(columns.map((column, at) => [column, parameters[row * columns.length + at]])) as never),
        ),
      );
      byCount.set(rows.length, statement);
    }
    return statement(trx, ...rows.flatMap((row) => columns.map((column) => row[column] as ReusableArgument)));
  };
}

type PoolClient = Awaited<ReturnType<PostgresPool['connect']>>;

/**
 * Kysely's PostgreSQL driver sends every query unnamed, so PostgreSQL parses
 * and plans it each time. The reusable queries go as named prepared
 * statements instead: parsed once per connection, then only bound and run.
 * Every query is one round trip to the server, counted in `counted`.
 */
export function namingReusableStatements(pool: pg.Pool, counted: { queries: number }): PostgresPool {
  return {
    async connect() {
      const client = await pool.connect();
      const query = (sqlOrCursor: unknown, parameters?: readonly unknown[]) => {
        counted.queries += 1;
        const name = typeof sqlOrCursor === 'string' ? REUSABLE_SQL.get(sqlOrCursor) : undefined;
        if (name) return client.query({ name, text: sqlOrCursor as string, values: [...(parameters ?? [])] });
        return client.query(sqlOrCursor as string, parameters as unknown[]);
      };
      return { query, release: () => client.release() } as unknown as PoolClient;
    },
    end: () => pool.end(),
  };
}
