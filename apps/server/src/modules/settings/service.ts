import type { Kysely } from 'kysely';
import { settingSchemas, type SettingKey, type SettingValue, type Settings } from '@wallet/contract';
import type { Database } from '../../db/schema.js';

export interface SettingsService {
  /** Inside `trx` when given, so a change can read what it replaces in the same transaction. */
  get<K extends SettingKey>(key: K, trx?: Kysely<Database>): Promise<SettingValue<K>>;
  /** Inside `trx` when given, so the change and its audit line land together. */
  save<K extends SettingKey>(key: K, value: SettingValue<K>, trx?: Kysely<Database>): Promise<void>;
  /** Writes every default that has no row yet; returns the keys it wrote. */
  ensureDefaults(): Promise<SettingKey[]>;
}

export function createSettingsService(db: Kysely<Database>, defaults: Settings, now: () => number): SettingsService {
  return {
    async get(key, trx = db) {
      const row = await trx.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
      if (!row) return defaults[key];
      const parsed = settingSchemas[key].safeParse(JSON.parse(row.value));
      // A row written by an older version that no longer fits falls back to the default rather than failing every call.
      return (parsed.success ? parsed.data : defaults[key]) as SettingValue<typeof key>;
    },

    async save(key, value, trx = db) {
      const text = JSON.stringify(settingSchemas[key].parse(value));
      await trx
        .insertInto('settings')
        .values({ key, value: text, updated_at: now() })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: text, updated_at: now() }))
        .execute();
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
      return written;
    },
  };
}
