import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { OpenDatabase } from './database.js';

/** What changed (a key, an id), or null: anything may have changed (a listener that was away). */
export type OnChange = (subject: string | null) => void;

/** How every instance hears that something it may cache changed, so each can drop it. */
export interface ChangeFeed {
  /** While false a change could go unheard: nothing may be served from a cache. */
  live(): boolean;
  /** Tells every instance, this one first, that these changed; call once the change has committed. */
  announce(subjects: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

/** Opens a topic's feed for a cache: it calls `onChange` for each change any instance announces. */
export type OpenChangeFeed = (onChange: OnChange) => ChangeFeed;

const RECONNECT_MS = 1_000;

/** One SQLite file serves one instance: telling this instance is telling them all. */
function localFeed(onChange: OnChange): ChangeFeed {
  return {
    live: () => true,
    announce: async (subjects) => subjects.forEach(onChange),
    close: async () => undefined,
  };
}

/**
 * Instances on one PostgreSQL hear each other through LISTEN/NOTIFY on a
 * channel of the topic and their schema. A listener that loses its
 * connection stops the cache until it is back, then drops everything it holds.
 */
function postgresFeed(database: OpenDatabase, newListener: NonNullable<OpenDatabase['newListener']>, topic: string, onChange: OnChange, log: FastifyBaseLogger): ChangeFeed {
  const channel = changeChannel(database, topic);
  let listening = false;
  let closed = false;
  let current: ReturnType<typeof newListener> | undefined;
  let retry: NodeJS.Timeout | undefined;

  function lost(error?: Error) {
    if (!listening && current === undefined) return;
    listening = false;
    const client = current;
    current = undefined;
    void client?.end().catch(() => undefined);
    if (closed) return;
    log.warn({ err: error, topic }, 'change listener lost; read from the database until it is back');
    retry = setTimeout(() => void listen(), RECONNECT_MS);
  }

  async function listen() {
    const client = newListener();
    current = client;
    client.on('notification', (message) => onChange(message.payload ?? null));
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      await client.query(`LISTEN "${channel}"`);
      if (closed) return void (await client.end());
      onChange(null);
      listening = true;
    } catch (error) {
      lost(error as Error);
    }
  }
  void listen();

  return {
    live: () => listening,
    async announce(subjects) {
      subjects.forEach(onChange);
      for (const subject of subjects) await sql`select pg_notify(${channel}, ${subject})`.execute(database.db);
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      listening = false;
      const client = current;
      current = undefined;
      await client?.end().catch(() => undefined);
    },
  };
}

/** The PostgreSQL channel a topic's changes are announced on, in the database's schema. */
export const changeChannel = (database: Pick<OpenDatabase, 'schema'>, topic: string) => `${topic}_changed_${database.schema ?? 'public'}`;

/** The feed of one topic (`settings`, `projects`): LISTEN/NOTIFY on PostgreSQL, this process alone on SQLite. */
export function openChangeFeed(database: OpenDatabase, topic: string, onChange: OnChange, log: FastifyBaseLogger): ChangeFeed {
  return database.newListener ? postgresFeed(database, database.newListener, topic, onChange, log) : localFeed(onChange);
}
