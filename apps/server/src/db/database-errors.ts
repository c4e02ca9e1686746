/** The database's own error code, if the error came from SQLite or PostgreSQL. */
const codeOf = (error: unknown): unknown => (typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined);

/** True when the database refused a row because a unique key already holds its value (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * True when the transaction lost a race rather than broke a rule: a
 * deadlock (40P01), a serialization failure (40001), or SQLite busy with
 * another process. Running the same transaction again may well succeed.
 */
export function isTransientConflict(error: unknown): boolean {
  const code = codeOf(error);
  return code === '40P01' || code === '40001' || code === 'SQLITE_BUSY' || code === 'SQLITE_BUSY_SNAPSHOT';
}

const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03']);

/**
 * True when the database could not be reached or went away mid-call (it
 * restarted, the network dropped): the call did not happen or rolled back,
 * and a client's retry may well succeed, so it is a 503, not a 500.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  const code = codeOf(error);
  if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || code.startsWith('08'))) return true;
  return error instanceof Error && /^Connection terminated/.test(error.message);
}
