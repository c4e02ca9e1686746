import type { Migration } from 'kysely';
import * as foundation from './0001_foundation.js';
import * as accounts from './0002_accounts.js';

/** In order; a name once released never changes. */
export const MIGRATIONS: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_accounts': accounts,
};
