import { z } from 'zod';
import { LANGUAGES } from './languages.js';

/** Settings the operator edits; each key is one row of the settings table. */

export const languageSchema = z.enum(LANGUAGES);

export const KEFU_KINDS = ['link', 'email', 'phone', 'telegram', 'whatsapp'] as const;

export const kefuContactSchema = z.strictObject({
  name: z.string().trim().min(1).max(60),
  kind: z.enum(KEFU_KINDS),
  value: z.string().trim().min(1).max(300),
  hours: z.string().trim().max(60),
});

export const versionNameSchema = z.string().regex(/^\d{1,4}\.\d{1,4}\.\d{1,4}$/);

export const releaseSettingSchema = z.strictObject({
  version: versionNameSchema,
  versionCode: z.number().int().min(0).max(1_000_000_000),
  notes: z.string().max(2000),
  androidUrl: z.string().max(500),
  iosUrl: z.string().max(500),
  /** Where "update" leads; empty means reloading the web app. */
  updateUrl: z.string().max(500),
  /** Every older version must update. */
  force: z.boolean(),
  /** Versions below this code must update even when `force` is off. */
  minVersionCode: z.number().int().min(0).max(1_000_000_000),
});

export const localizedDocumentSchema = z.strictObject({
  title: z.string().max(200),
  content: z.string().max(100_000),
});

export const agreementSettingSchema = z.strictObject({
  ...localizedDocumentSchema.shape,
  /** Optional per-language text; a missing language falls back to the text above. */
  translations: z.partialRecord(languageSchema, localizedDocumentSchema),
});

export const settingSchemas = {
  displayName: z.string().trim().min(1).max(40),
  defaultLang: languageSchema,
  kefu: z.array(kefuContactSchema).max(20),
  release: releaseSettingSchema,
  agreement: agreementSettingSchema,
} as const;

export type SettingKey = keyof typeof settingSchemas;
export type SettingValue<K extends SettingKey> = z.infer<(typeof settingSchemas)[K]>;
export type Settings = { [K in SettingKey]: SettingValue<K> };
