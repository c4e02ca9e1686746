import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { eventsTicket } from '@wallet/contract';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { sessionOf, type RegisterCall } from '../../http/calls.js';
import type { EventHub } from './event-hub.js';
import { serveEventStream } from './event-stream.js';
import type { Tickets } from './tickets.js';

interface StreamDependencies {
  db: Kysely<Database>;
  hub: EventHub;
  tickets: Tickets;
  now: () => number;
}

/** An event id as the client sends it back (`Last-Event-ID`, or `lastEventId` from a new EventSource, which cannot set the header). */
function eventIdOf(value: unknown): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  return typeof text === 'string' && /^\d{1,15}$/.test(text) ? Number(text) : undefined;
}

export function eventRoutes(call: RegisterCall, site: FastifyInstance, { db, hub, tickets, now }: StreamDependencies): void {
  call(eventsTicket, (_input, context) => tickets.issue(sessionOf(context), context.now));

  let closing = false;
  site.get('/api/events', async (request, reply) => {
    if (closing) throw new AppError('UNAVAILABLE', { retryAfterSeconds: 1 });
    const query = request.query as Record<string, unknown>;
    const userId = await tickets.redeem(query['ticket'], now());
    const lastEventId = eventIdOf(request.headers['last-event-id'] ?? query['lastEventId']);
    reply.hijack();
    await serveEventStream(reply.raw, hub, db, userId, lastEventId, request.log);
  });
  // Open streams would hold the server open for the whole grace period: they end first, and their clients reconnect elsewhere.
  site.addHook('preClose', async () => {
    closing = true;
    hub.endAll();
  });
}
