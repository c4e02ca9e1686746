import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { AppError } from '../errors.js';
import { sendEnvelope } from './envelope.js';

export function registerHealth<DB>(app: FastifyInstance, db: Kysely<DB>): void {
  app.get('/healthz', async (_request, reply) => {
    try {
      await sql`select 1`.execute(db);
    } catch (error) {
      app.log.error({ err: error }, 'health check: database unreachable');
      throw new AppError('UNAVAILABLE');
    }
    return sendEnvelope(reply, 200, 'ok', { status: 'ok' });
  });
}
