import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/schema.js';
import type { Notifier } from './notifier.js';

/**
 * Keeps messages in the outbox table for the console when no provider is
 * configured; in development it also prints them, so a developer can read codes.
 */
export function createOutboxNotifier(
  db: Kysely<Database>,
  now: () => number,
  developmentLog: FastifyBaseLogger | undefined,
): Notifier {
  return {
    async send(message) {
      await db
        .insertInto('outbox')
        .values({
          id: randomUUID(),
          channel: message.channel,
          target: message.to,
          subject: message.subject,
          body: message.text,
          created_at: now(),
        })
        .execute();
      developmentLog?.info({ outbox: { channel: message.channel, to: message.to } }, `outbox: ${message.text}`);
    },
  };
}
