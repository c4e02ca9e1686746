import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { SettingKey } from '@wallet/contract';
import type { OpenDatabase } from '../../db/database.js';

/** A changed key, or null: anything may have changed (a listener that was away). */
export type OnSettingsChange = (key: SettingKey | null) => void;

/** How every instance hears that a setting changed, so each can drop what it cached. */
export interface SettingsChangeFeed {
  /** While false a change could go unheard: nothing may be served from a cache. */
  live(): boolean;
  /** Tells every instance, this one first, that these keys changed; call once the change has committed. */
  announce(keys: readonly SettingKey[]): Promise<void>;
  close(): Promise<void>;
}

const RECONNECT_MS = 1_000;

/** One SQLite file serves one instance: telling this instance is telling them all. */
function localFeed(onChange: OnSettingsChange): SettingsChangeFeed {
  return {
    live: () => true,
    announce: async (keys) => keys.forEach(onChange),
    close: async () => undefined,
  };
}

/**
 * Instances on one PostgreSQL hear each other through LISTEN/NOTIFY on a
 * channel of their schema. A listener that loses its connection stops the
 * cache until it is back, then drops everything it holds.
 */
function postgresFeed(database: OpenDatabase, newListener: NonNullable<OpenDatabase['newListener']>, onChange: OnSettingsChange, log: FastifyBaseLogger): SettingsChangeFeed {
  const channel = `settings_changed_${database.schema ?? 'public'}`;
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
    log.warn({ err: error }, 'settings listener lost; settings are read from the database until it is back');
    retry = setTimeout(() => void listen(), RECONNECT_MS);
  }

  async function listen() {
    const client = newListener();
    current = client;
    client.on('notification', (message) => onChange((message.payload as SettingKey | undefined) ?? null));
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
    async announce(keys) {
      keys.forEach(onChange);
      for (const key of keys) await sql`select pg_notify(${channel}, ${key})`.execute(database.db);
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

export function openSettingsChangeFeed(database: OpenDatabase, onChange: OnSettingsChange, log: FastifyBaseLogger): SettingsChangeFeed {
  return database.newListener ? postgresFeed(database, database.newListener, onChange, log) : localFeed(onChange);
}
