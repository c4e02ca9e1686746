import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { EventBus } from './event-bus.js';
import { eventsAfter, logBounds, type LiveEvent } from './event-log.js';

/** A stream as the hub sees it: whose it is, and where its events go. */
export interface Subscriber {
  userId: string;
  deliver(event: LiveEvent): void;
  /** Every 15 s: a comment line keeps proxies and the client from closing an idle stream. */
  keepAlive(): void;
  end(): void;
}

export const KEEP_ALIVE_MS = 15_000;
/** While no announcement can be heard (a listener away), the log is read this often. */
const POLL_MS = 1_000;

/**
 * One per instance: reads the log once for all its streams and hands each
 * event to the streams of its user (or to all). It starts with the first
 * stream, from the end of the log: a stream reads what came before itself.
 */
export function createEventHub(db: Kysely<Database>, bus: EventBus, log: FastifyBaseLogger) {
  const byUser = new Map<string, Set<Subscriber>>();
  const all = new Set<Subscriber>();
  let cursor: number | undefined;
  let starting: Promise<void> | undefined;
  let reading: Promise<void> | undefined;
  let readAgain = false;
  let timers: NodeJS.Timeout[] = [];

  async function readLog(): Promise<void> {
    do {
      readAgain = false;
      for (let batch = await eventsAfter(db, cursor!); batch.length > 0; batch = await eventsAfter(db, cursor!)) {
        for (const event of batch) {
          const to = event.userId === null ? all : (byUser.get(event.userId) ?? []);
          for (const subscriber of to) subscriber.deliver(event);
          cursor = event.id;
        }
      }
    } while (readAgain);
  }

  /** Reads what the log has past the cursor; a call while a read runs makes it read once more. */
  function pull(): Promise<void> {
    if (cursor === undefined) return Promise.resolve();
    if (reading) {
      readAgain = true;
      return reading;
    }
    reading = readLog()
      .catch((error: unknown) => log.warn({ err: error }, 'live events: reading the log failed; tried again shortly'))
      .finally(() => (reading = undefined));
    return reading;
  }

  async function start() {
    cursor = (await logBounds(db)).lastId;
    bus.listen(() => void pull());
    timers = [
      setInterval(() => {
        if (!bus.live()) void pull();
      }, POLL_MS),
      setInterval(() => {
        for (const subscriber of all) subscriber.keepAlive();
        // A missed announcement is caught here at the latest.
        void pull();
      }, KEEP_ALIVE_MS),
    ];
    for (const timer of timers) timer.unref();
  }

  return {
    /** Adds a stream; resolves once the hub reads the log, so whatever the stream reads next comes after nothing lost. */
    async subscribe(subscriber: Subscriber): Promise<void> {
      all.add(subscriber);
      const mine = byUser.get(subscriber.userId) ?? new Set<Subscriber>();
      byUser.set(subscriber.userId, mine.add(subscriber));
      starting ??= start().catch((error: unknown) => {
        starting = undefined;
        throw error;
      });
      await starting;
    },
    unsubscribe(subscriber: Subscriber): void {
      all.delete(subscriber);
      const mine = byUser.get(subscriber.userId);
      mine?.delete(subscriber);
      if (mine?.size === 0) byUser.delete(subscriber.userId);
    },
    pull,
    open: () => all.size,
    /** Ends every stream (shutdown): their clients reconnect to another instance with Last-Event-ID. */
    endAll(): void {
      for (const subscriber of [...all]) subscriber.end();
    },
    async close(): Promise<void> {
      for (const timer of timers) clearInterval(timer);
      await reading;
    },
  };
}

export type EventHub = ReturnType<typeof createEventHub>;
