import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { OpenDatabase } from '../db/database.js';
import type { Database } from '../db/schema.js';
import type { Idempotency } from '../ledger/idempotency.js';
import type { RegisterCall } from '../http/calls.js';
import type { Messages } from '../http/messages.js';
import type { RegisterOperatorCall } from '../http/operator-calls.js';
import type { Metrics } from '../metrics/registry.js';
import type { PeriodicJob } from '../scheduler/periodic-job.js';

/** What every module is built from: the server's configuration and its connections, none of another module's. */
export interface Platform {
  config: Config;
  database: OpenDatabase;
  db: Kysely<Database>;
  messages: Messages;
  log: FastifyBaseLogger;
  now: () => number;
  /** One per instance: the idempotency records of every money write, purged as they expire. */
  idempotency: Idempotency;
  /** This instance's Prometheus series; a module adds the gauges only it can read. */
  metrics: Metrics;
}

/**
 * A module as the app composes it: the services other modules may use, the
 * app calls and operator calls it serves (and plain HTTP routes, for files
 * and CSV), the periodic jobs it runs, and what to release when the app closes.
 */
export interface ModuleManifest<Services extends object = object> {
  services: Services;
  routes?: (call: RegisterCall, site: FastifyInstance) => void;
  operatorRoutes?: (call: RegisterOperatorCall, site: FastifyInstance) => void;
  jobs?: PeriodicJob[];
  close?: () => Promise<void> | void;
}
