import { createHmac, timingSafeEqual } from 'node:crypto';
import { OWN_UPLOAD_URL_PATTERN } from '@wallet/contract';

/** How long a link to a private upload works (PRODUCT §13). */
export const LINK_LIFETIME_MS = 10 * 60 * 1000;

const EXPIRY_PATTERN = /^\d{1,12}$/;

export interface UploadLinks {
  /**
   * An upload's path as handed to a reader allowed to see it:
   * `path?exp=<unix seconds>&sig=<HMAC-SHA256, base64url>`, good for 10 minutes.
   * Anything that is not one of our uploads (null, an https address) comes back unchanged.
   */
  sign<T extends string | null>(reference: T, now: number): T;
  /** True when `sig` signs this path until `exp`, and `exp` has not passed. */
  verify(path: string, exp: unknown, sig: unknown, now: number): boolean;
}

export function createUploadLinks(secret: string): UploadLinks {
  const signatureOf = (path: string, exp: string) => createHmac('sha256', secret).update(`${path}\n${exp}`).digest('base64url');
  return {
    sign(reference, now) {
      if (reference === null || !OWN_UPLOAD_URL_PATTERN.test(reference)) return reference;
      const exp = String(Math.floor((now + LINK_LIFETIME_MS) / 1000));
      return `${reference}?exp=${exp}&sig=${signatureOf(reference, exp)}` as typeof reference;
    },
    verify(path, exp, sig, now) {
      if (typeof exp !== 'string' || !EXPIRY_PATTERN.test(exp) || typeof sig !== 'string') return false;
      if (Number(exp) * 1000 <= now) return false;
      const expected = Buffer.from(signatureOf(path, exp));
      const given = Buffer.from(sig);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
