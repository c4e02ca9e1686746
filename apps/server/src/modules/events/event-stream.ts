import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { EventHub, Subscriber } from './event-hub.js';
import { logBounds, userEventsAfter, type LiveEvent } from './event-log.js';

/** Past this much unsent text the client is not reading: its stream ends, and it comes back with its last event id. */
const MAX_UNSENT_BYTES = 1024 * 1024;

export const STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  // nginx passes what comes at once (deploy/nginx-config.ts says so too).
  'x-accel-buffering': 'no',
};

/**
 * One user's stream: first what they missed since `lastEventId` (or nothing,
 * from now), then whatever the hub hands over, each event once, in order of
 * its id. Events the hub hands over while the missed ones are read wait.
 */
export async function serveEventStream(raw: ServerResponse, hub: EventHub, db: Kysely<Database>, userId: string, lastEventId: number | undefined, log: FastifyBaseLogger): Promise<void> {
  let lastSent = Number.POSITIVE_INFINITY;
  let ready = false;
  let ended = false;
  const waiting: LiveEvent[] = [];

  const write = (text: string) => {
    if (ended) return;
    raw.write(text);
    if (raw.writableLength > MAX_UNSENT_BYTES) subscriber.end();
  };
  const send = (event: LiveEvent) => {
    if (event.id <= lastSent) return;
    lastSent = event.id;
    write(`id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
  };
  const subscriber: Subscriber = {
    userId,
    deliver: (event) => (ready ? send(event) : void waiting.push(event)),
    keepAlive: () => write(': keep-alive\n\n'),
    end() {
      if (ended) return;
      ended = true;
      hub.unsubscribe(subscriber);
      // The connection goes with the stream: on shutdown it must not linger as an idle keep-alive until the grace is over.
      raw.once('finish', () => raw.socket?.end());
      raw.end();
    },
  };
  raw.on('close', () => {
    ended = true;
    hub.unsubscribe(subscriber);
  });

  raw.writeHead(200, STREAM_HEADERS);
  // At once, not with the first event: the client knows its stream is open even when nothing was missed.
  raw.flushHeaders();
  try {
    await hub.subscribe(subscriber);
    const bounds = await logBounds(db);
    if (lastEventId !== undefined && lastEventId >= bounds.prunedThrough && lastEventId <= bounds.lastId) {
      lastSent = lastEventId;
      for (const event of await userEventsAfter(db, userId, lastEventId)) send(event);
    } else {
      lastSent = bounds.lastId;
      // An id with no data moves the client's last event id without an event; `reset`: what was missed is gone, read everything again.
      write(lastEventId === undefined ? `id: ${bounds.lastId}\n\n` : `id: ${bounds.lastId}\nevent: reset\ndata: {}\n\n`);
    }
    ready = true;
    for (const event of waiting.splice(0)) send(event);
  } catch (error) {
    log.warn({ err: error }, 'live events: a stream could not start; its client reconnects');
    subscriber.end();
  }
}
