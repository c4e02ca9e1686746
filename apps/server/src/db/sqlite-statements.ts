import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** More distinct statements than the server writes; past it the oldest are dropped, so odd shapes cannot grow it for ever. */
const MAX_STATEMENTS = 1_000;

/**
 * better-sqlite3 compiles a statement on every `prepare`; Kysely prepares each
 * query afresh. Keeping the compiled statement per SQL text took compiling
 * off the hot path (it was 14 % of a signed read's CPU). Statements run
 * synchronously and nothing streams, so one statement is never used twice at once.
 */
export function reusingStatements(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        if (statements.size >= MAX_STATEMENTS) statements.delete(statements.keys().next().value!);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}
