import { createRequire } from 'node:module';

/**
 * Loads a package the first time a configuration needs it: PostgreSQL's driver, Redis and SMTP
 * cost memory in every process, and most run without them (an instance on SQLite, no mail).
 * Synchronous, as opening a database is; these packages are CommonJS.
 */
export const loadOnDemand = createRequire(import.meta.url) as <T>(name: string) => T;
