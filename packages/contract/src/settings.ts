import { z } from 'zod';
import { LANGUAGES } from './languages.js';
import { MAX_MONEY_CENTS } from './money.js';
import { MAX_FEE_BASIS_POINTS } from './money-rules.js';

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

export const CHANNEL_KINDS = ['bank', 'crypto', 'link'] as const;

/** One line of what a payer needs (account number, address, link), shown with a copy button. */
export const channelDetailSchema = z.strictObject({
  label: z.string().trim().min(1).max(40),
  value: z.string().trim().min(1).max(300),
});

const positiveCents = z.number().int().min(1).max(MAX_MONEY_CENTS);

const limitsInOrder = (limits: { minCents: number; maxCents: number }) => limits.minCents <= limits.maxCents;
const limitsProblem = { message: 'TOO_SMALL', path: ['maxAmount'], params: { messageKey: 'AMOUNT_LIMITS_ORDER' } };

/** A recharge channel as stored: amounts in cents. */
export const rechargeChannelSchema = z
  .strictObject({
    id: z.string().regex(/^[a-z0-9-]{1,32}$/),
    name: z.string().trim().min(1).max(60),
    kind: z.enum(CHANNEL_KINDS),
    details: z.array(channelDetailSchema).max(10),
    minCents: positiveCents,
    maxCents: positiveCents,
    /** The amount to pay gets a random extra tenth, so the operator can match the payment. */
    randomDecimal: z.boolean(),
    enabled: z.boolean(),
  })
  .refine(limitsInOrder, limitsProblem);

export type RechargeChannel = z.infer<typeof rechargeChannelSchema>;

/** Channel ids are unique within the list; used on the stored setting and on the console's input alike. */
export const distinctChannelIds = [
  (channels: { id: string }[]) => new Set(channels.map((c) => c.id)).size === channels.length,
  { message: 'INVALID_VALUE', params: { messageKey: 'CHANNEL_ID_REPEATED' } },
] as const;

/** Withdrawal limits and fee as stored: cents and basis points. */
export const withdrawalSettingSchema = z
  .strictObject({
    minCents: positiveCents,
    maxCents: positiveCents,
    feeBasisPoints: z.number().int().min(0).max(MAX_FEE_BASIS_POINTS),
  })
  .refine(limitsInOrder, limitsProblem);

export type WithdrawalSetting = z.infer<typeof withdrawalSettingSchema>;

/** ISO 4217 codes this runtime knows; a code outside them is a typo, not a currency. */
const KNOWN_CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

/** The operator's currency: its ISO 4217 code and the symbol amounts show. */
export const currencySettingSchema = z.strictObject({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .refine((code) => KNOWN_CURRENCIES.has(code), { message: 'INVALID_VALUE', params: { messageKey: 'CURRENCY_CODE_RULE' } }),
  symbol: z.string().trim().min(1).max(8),
});

export type CurrencySetting = z.infer<typeof currencySettingSchema>;

export const settingSchemas = {
  displayName: z.string().trim().min(1).max(40),
  defaultLang: languageSchema,
  kefu: z.array(kefuContactSchema).max(20),
  release: releaseSettingSchema,
  rechargeChannels: z
    .array(rechargeChannelSchema)
    .max(20)
    .refine(...distinctChannelIds),
  withdrawal: withdrawalSettingSchema,
  /** A recharge on a random-decimal channel still under review after this many hours expires, freeing its extra tenth. */
  rechargeExpiryHours: z.number().int().min(1).max(24 * 30),
  /** Cents: a balance adjustment larger than this (either way) waits for a second operator. */
  adjustApprovalThreshold: z.number().int().min(0).max(MAX_MONEY_CENTS),
  /** Every operator must sign in with TOTP. */
  requireTotp: z.boolean(),
  currency: currencySettingSchema,
} as const;

export type SettingKey = keyof typeof settingSchemas;
export type SettingValue<K extends SettingKey> = z.infer<(typeof settingSchemas)[K]>;
export type Settings = { [K in SettingKey]: SettingValue<K> };
