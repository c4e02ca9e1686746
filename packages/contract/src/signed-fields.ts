import { z } from 'zod';
import type { SignedFields } from './signing.js';

/** What the server accepts as signed fields; anything else is a bad signature (403). */
export const signedFieldsSchema: z.ZodType<SignedFields> = z.object({
  token: z.string().min(1).max(200),
  appid: z.string().min(1).max(64),
  secret: z.string().min(1).max(64),
  times: z.number().int().positive(),
  ranstr: z.string().regex(/^[A-Za-z0-9]{16}$/),
  sign: z.string().regex(/^[0-9a-f]{32}$/),
});
