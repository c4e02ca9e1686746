import { z } from 'zod';
import { defineCall } from './define.js';
import { KEFU_KINDS, versionNameSchema } from '../settings.js';

const noFields = z.strictObject({});

export const getLang = defineCall({
  path: '/api/login/getlang',
  access: 'public',
  summary:
    "The server's default language, the display name pages show in their titles, the currency every amount shows (ISO 4217 code and symbol), and the public randomness beacon mixed into every draw (its address, pinned key and, once read from the chain, its genesis time and seconds per round; null without one), for anyone to check its signatures and that each period names the first round after its lock.",
  body: noFields,
  result: z.object({
    lang: z.string(),
    displayName: z.string(),
    currency: z.object({ code: z.string(), symbol: z.string() }),
    fairnessBeacon: z.object({ url: z.string(), publicKey: z.string(), genesisTime: z.number().int().nullable(), period: z.number().int().nullable() }).nullable(),
  }),
});

export const getKefu = defineCall({
  path: '/api/login/getkefu',
  access: 'public',
  summary: 'Customer service contacts.',
  body: noFields,
  result: z.object({
    contacts: z.array(z.object({ name: z.string(), kind: z.enum(KEFU_KINDS), value: z.string(), hours: z.string() })),
  }),
});

export const getDownload = defineCall({
  path: '/api/login/getdownload',
  access: 'public',
  summary: 'The latest app version and where to download it.',
  body: noFields,
  result: z.object({
    version: z.string(),
    versionCode: z.number(),
    androidUrl: z.string(),
    iosUrl: z.string(),
    notes: z.string(),
  }),
});

export const versionUp = defineCall({
  path: '/api/login/versionUp',
  access: 'public',
  summary: 'Tells a client whether a newer version exists and whether it must update.',
  body: z.strictObject({
    version: versionNameSchema,
    versionCode: z.number().int().min(0).max(1_000_000_000),
  }),
  result: z.object({
    updateAvailable: z.boolean(),
    force: z.boolean(),
    latest: z.object({ version: z.string(), versionCode: z.number(), notes: z.string(), url: z.string() }),
  }),
});

export const regAgreement = defineCall({
  path: '/api/login/reg_agreement',
  access: 'public',
  summary: "The registration agreement in the caller's language (sanitised HTML).",
  body: noFields,
  result: z.object({ title: z.string(), content: z.string() }),
});
