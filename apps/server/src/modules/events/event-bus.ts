import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import { changeChannel, openChangeFeed } from '../../db/change-feed.js';
import type { OpenDatabase } from '../../db/database.js';
import { openRedis } from '../../db/redis.js';

/**
 * How instances tell each other that events were written. It carries no
 * event, only "read the log": the log is the truth, so an announcement
 * lost while a listener was away costs a delay, never an event.
 */
export interface EventBus {
  /** Tells every instance, this one too; call once the events have committed. */
  announce(): Promise<void>;
  /** Calls `heard` on every announcement, and when a lost listener is back. */
  listen(heard: () => void): void;
  /** While false an announcement could go unheard: the reader polls the log. */
  live(): boolean;
  close(): Promise<void>;
}

const TOPIC = 'live_events';

/** One SQLite file, one instance: telling this process is telling them all. */
function localBus(): EventBus {
  const listeners: (() => void)[] = [];
  return {
    announce: async () => listeners.forEach((heard) => heard()),
    listen: (heard) => void listeners.push(heard),
    live: () => true,
    close: async () => undefined,
  };
}

/** PostgreSQL's NOTIFY on the shared change feed's channel for live events. */
function postgresBus(database: OpenDatabase, log: FastifyBaseLogger): EventBus {
  const local = localBus();
  let feed: ReturnType<typeof openChangeFeed> | undefined;
  return {
    async announce() {
      await local.announce();
      await sql`select pg_notify(${changeChannel(database, TOPIC)}, '')`.execute(database.db);
    },
    listen(heard) {
      local.listen(heard);
      feed ??= openChangeFeed(database, TOPIC, () => heard(), log);
    },
    live: () => feed?.live() ?? false,
    close: async () => feed?.close(),
  };
}

/** Redis pub/sub: the database is spared a notification per write. */
function redisBus(url: string, channel: string, log: FastifyBaseLogger): EventBus {
  const local = localBus();
  let publisher: Redis | undefined;
  let subscriber: Redis | undefined;
  let subscribed = false;
  const quiet = (client: Redis) => client.on('error', (error: Error) => log.warn({ err: error }, 'live events: Redis unreachable; streams read the database meanwhile'));
  return {
    async announce() {
      await local.announce();
      publisher ??= quiet(openRedis(url));
      await publisher.publish(channel, '');
    },
    listen(heard) {
      local.listen(heard);
      if (subscriber) return;
      subscriber = quiet(openRedis(url));
      subscriber.on('message', () => heard());
      subscriber.on('close', () => (subscribed = false));
      // Subscribed again after every reconnect; whatever was announced meanwhile is read from the log.
      subscriber.on('ready', () => {
        subscriber!.subscribe(channel).then(
          () => {
            subscribed = true;
            heard();
          },
          () => undefined,
        );
      });
    },
    live: () => subscribed,
    async close() {
      for (const client of [publisher, subscriber]) if (client) await client.quit().catch(() => client.disconnect());
    },
  };
}

export function openEventBus(database: OpenDatabase, redis: { url: string; appId: string } | undefined, log: FastifyBaseLogger): EventBus {
  if (redis) return redisBus(redis.url, `wallet:${redis.appId}:live-events:${database.schema ?? 'public'}`, log);
  return database.newListener ? postgresBus(database, log) : localBus();
}
