import type { DialectName } from './database.js';
import { coalesced } from './natural-batches.js';

/** Keys read in one query at most. */
const KEYS_PER_QUERY = 256;

/**
 * A read by one key that every request makes (its session, by the token's
 * hash). On PostgreSQL the requests that arrive together are read in one
 * query, one round trip for all of them; SQLite answers in the process itself, so one by one.
 */
export function lookupByKey<Row>(
  dialect: DialectName,
  readOne: (key: string) => Promise<Row | undefined>,
  readMany: (keys: string[]) => Promise<Map<string, Row>>,
): (key: string) => Promise<Row | undefined> {
  if (dialect === 'sqlite') return readOne;
  return coalesced(async (keys: string[]) => {
    const rows = await readMany([...new Set(keys)]);
    return keys.map((key) => rows.get(key));
  }, KEYS_PER_QUERY);
}
