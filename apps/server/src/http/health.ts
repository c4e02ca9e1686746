import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { OpenDatabase } from '../db/database.js';
import { pendingMigrations } from '../db/migrate.js';
import { AppError } from '../errors.js';
import { sendEnvelope } from './envelope.js';

/** What only the running process knows about itself. */
export interface Readiness {
  /** True from SIGTERM on: the load balancer should send no more. */
  shuttingDown(): boolean;
  schedulerRunning(): boolean;
}

async function databaseAnswers(database: OpenDatabase): Promise<boolean> {
  try {
    await sql`select 1`.execute(database.db);
    return true;
  } catch {
    return false;
  }
}

/** `/healthz`: the process is alive and reaches its database. `/readyz`: it should get traffic (PRODUCT §13). */
export function registerHealth(app: FastifyInstance, database: OpenDatabase, readiness: Readiness): void {
  app.get('/healthz', async (_request, reply) => {
    if (!(await databaseAnswers(database))) {
      app.log.error('health check: database unreachable');
      throw new AppError('UNAVAILABLE');
    }
    return sendEnvelope(reply, 200, 'ok', { status: 'ok' });
  });

  app.get('/readyz', async (_request, reply) => {
    const reachable = await databaseAnswers(database);
    const checks = {
      shuttingDown: readiness.shuttingDown(),
      database: reachable,
      migrations: reachable && (await pendingMigrations(database).catch(() => ['unknown'])).length === 0,
      scheduler: readiness.schedulerRunning(),
    };
    if (checks.shuttingDown || !checks.database || !checks.migrations || !checks.scheduler) {
      if (!checks.shuttingDown) app.log.warn({ checks }, 'not ready');
      throw new AppError('UNAVAILABLE', { retryAfterSeconds: 5 });
    }
    return sendEnvelope(reply, 200, 'ok', { status: 'ready' });
  });
}
