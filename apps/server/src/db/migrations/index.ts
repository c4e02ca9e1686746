import type { Migration } from 'kysely';
import * as foundation from './0001_foundation.js';

/** In order; a name once released never changes. */
export const MIGRATIONS: Record<string, Migration> = {
  '0001_foundation': foundation,
};
