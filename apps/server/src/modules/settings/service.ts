import type { Kysely } from 'kysely';
import { settingSchemas, type SettingKey, type SettingValue, type Settings } from '@wallet/contract';
import type { Database } from '../../db/schema.js';
import type { OpenChangeFeed } from '../../db/change-feed.js';

export interface SettingsService {
  /** Inside `trx` when given, so a change can read what it replaces in the same transaction. */
  get<K extends SettingKey>(key: K, trx?: Kysely<Database>): Promise<SettingValue<K>>;
  /** Inside `trx` when given, so the change and its audit line land together; then call `announce` once it commits. */
  save<K extends SettingKey>(key: K, value: SettingValue<K>, trx?: Kysely<Database>): Promise<void>;
  /** Every instance drops these keys from its cache: after a transaction that saved them has committed. */
  announce(keys: readonly SettingKey[]): Promise<void>;
  /** Writes every default that has no row yet; returns the keys it wrote. */
  ensureDefaults(): Promise<SettingKey[]>;
  close(): Promise<void>;
}

/**
 * Settings are read on many calls and change only when an operator saves
 * them, so each instance keeps what it read until the change feed says a key
 * changed. A read that raced a change is not kept (the generation moved).
 */
export function createSettingsService(db: Kysely<Database>, defaults: Settings, now: () => number, openFeed?: OpenChangeFeed): SettingsService {
  const cached = new Map<SettingKey, unknown>();
  let generation = 0;
  // Without a feed (a command that runs once) nothing is cached.
  const feed = openFeed?.((key) => {
    generation += 1;
    if (key === null) cached.clear();
    else cached.delete(key as SettingKey);
  });

  async function read<K extends SettingKey>(key: K, from: Kysely<Database>): Promise<SettingValue<K>> {
    const row = await from.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
    if (!row) return defaults[key];
    const parsed = settingSchemas[key].safeParse(JSON.parse(row.value));
    // A row written by an older version that no longer fits falls back to the default rather than failing every call.
    return (parsed.success ? parsed.data : defaults[key]) as SettingValue<K>;
  }

  const service: SettingsService = {
    async get(key, trx) {
      if (trx || !feed?.live()) return read(key, trx ?? db);
      // A copy, so a caller that edits what it got cannot change what the next one reads.
      if (cached.has(key)) return structuredClone(cached.get(key)) as SettingValue<typeof key>;
      const readAt = generation;
      const value = await read(key, db);
      if (readAt === generation && feed.live()) cached.set(key, structuredClone(value));
      return value;
    },

    async save(key, value, trx) {
      const text = JSON.stringify(settingSchemas[key].parse(value));
      await (trx ?? db)
        .insertInto('settings')
        .values({ key, value: text, updated_at: now() })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: text, updated_at: now() }))
        .execute();
      if (!trx) await service.announce([key]);
    },

    async announce(keys) {
      await feed?.announce(keys);
    },

    async ensureDefaults() {
      const written: SettingKey[] = [];
      for (const key of Object.keys(defaults) as SettingKey[]) {
        const result = await db
          .insertInto('settings')
          .values({ key, value: JSON.stringify(defaults[key]), updated_at: now() })
          .onConflict((oc) => oc.column('key').doNothing())
          .executeTakeFirst();
        if (Number(result.numInsertedOrUpdatedRows ?? 0n) === 1) written.push(key);
      }
      if (written.length > 0) await service.announce(written);
      return written;
    },

    close: async () => feed?.close(),
  };
  return service;
}
