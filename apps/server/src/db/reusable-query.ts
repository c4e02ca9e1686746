import type { Compilable, CompiledQuery, Kysely, PostgresPool } from 'kysely';
import type pg from 'pg';
import type { Database } from './schema.js';

/**
 * SQL texts of the reusable queries: on PostgreSQL these, and only these,
 * become named prepared statements (see `namingReusableStatements`), so the
 * set stays as small as the code that builds them.
 */
export const REUSABLE_SQL = new Map<string, string>();

const placeholderFor = (index: number) => `\u0000reusable-parameter-${index}\u0000`;

/**
 * A hot query built and compiled once; each run only puts its arguments in
 * place. Building and compiling a Kysely query cost more CPU than running it
 * on every signed call's session and balance reads. `build` receives stand-ins
 * for the text arguments and must use each where the real one goes.
 */
export function reusableQuery<Row>(db: Kysely<Database>, arity: number, build: (...parameters: string[]) => Compilable<Row>) {
  const placeholders = Array.from({ length: arity }, (_, index) => placeholderFor(index));
  const compiled = build(...placeholders).compile();
  const argumentAt = compiled.parameters.map((parameter) => placeholders.indexOf(parameter as string));
  if (!REUSABLE_SQL.has(compiled.sql)) REUSABLE_SQL.set(compiled.sql, `reusable_${REUSABLE_SQL.size + 1}`);

  return async (...args: string[]): Promise<Row[]> => {
    const parameters = argumentAt.map((at, index) => (at >= 0 ? args[at] : compiled.parameters[index]));
    const query: CompiledQuery<Row> = { ...compiled, parameters };
    return (await db.executeQuery(query)).rows;
  };
}

type PoolClient = Awaited<ReturnType<PostgresPool['connect']>>;

/**
 * Kysely's PostgreSQL driver sends every query unnamed, so PostgreSQL parses
 * and plans it each time. The reusable queries go as named prepared
 * statements instead: parsed once per connection, then only bound and run.
 */
export function namingReusableStatements(pool: pg.Pool): PostgresPool {
  return {
    async connect() {
      const client = await pool.connect();
      const query = (sqlOrCursor: unknown, parameters?: readonly unknown[]) => {
        const name = typeof sqlOrCursor === 'string' ? REUSABLE_SQL.get(sqlOrCursor) : undefined;
        if (name) return client.query({ name, text: sqlOrCursor as string, values: [...(parameters ?? [])] });
        return client.query(sqlOrCursor as string, parameters as unknown[]);
      };
      return { query, release: () => client.release() } as unknown as PoolClient;
    },
    end: () => pool.end(),
  };
}
