import { md5Hex } from './md5.js';

/** The fields every app call carries beside its own (PRODUCT §2). */
export const SIGNED_FIELD_NAMES = ['token', 'appid', 'secret', 'times', 'ranstr', 'sign'] as const;

export const RANSTR_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const RANSTR_LENGTH = 16;

/** How far `times` may be from the server's clock. */
export const SIGNATURE_MAX_SKEW_MS = 5 * 60 * 1000;
/** How long a used `ranstr` is remembered. */
export const REPLAY_WINDOW_MS = 10 * 60 * 1000;

export const NO_TOKEN = 'none';

export interface SignedFields {
  token: string;
  appid: string;
  secret: string;
  times: number;
  ranstr: string;
  sign: string;
}

/** sign = md5( md5(appid + times + ranstr) + key ), lowercase hex. */
export function computeSign(appid: string, times: number, ranstr: string, key: string): string {
  return md5Hex(md5Hex(`${appid}${times}${ranstr}`) + key);
}

export function randomRanstr(randomValues: (bytes: Uint8Array) => Uint8Array): string {
  // 62 does not divide 256: bytes ≥ 248 are skipped so every character is equally likely.
  let out = '';
  while (out.length < RANSTR_LENGTH) {
    for (const byte of randomValues(new Uint8Array(RANSTR_LENGTH * 2))) {
      if (byte < 248 && out.length < RANSTR_LENGTH) out += RANSTR_ALPHABET[byte % 62];
    }
  }
  return out;
}

export interface SigningKey {
  appId: string;
  keyId: string;
  key: string;
}

/** The signed fields for one call: fresh ranstr and times every time. */
export function signFields(
  signing: SigningKey,
  token: string | null | undefined,
  now: number,
  randomValues: (bytes: Uint8Array) => Uint8Array,
): SignedFields {
  const ranstr = randomRanstr(randomValues);
  return {
    token: token || NO_TOKEN,
    appid: signing.appId,
    secret: signing.keyId,
    times: now,
    ranstr,
    sign: computeSign(signing.appId, now, ranstr, signing.key),
  };
}

export const DEV_SIGNING_KEY = 'dev-signing-key-change-me';
export const DEFAULT_APP_ID = 'wallet-h5';
export const DEFAULT_SIGNING_KEYS = `k1:${DEV_SIGNING_KEY}`;

/**
 * Reads `APP_SIGNING_KEYS` ("k1:secret,k0:older"): the first key signs new
 * app builds, every listed key is accepted, so keys can rotate.
 */
export function parseSigningKeys(text: string): { ok: true; keys: { keyId: string; key: string }[] } | { ok: false; problem: string } {
  const keys: { keyId: string; key: string }[] = [];
  const parts = text.split(',').map((p) => p.trim()).filter(Boolean);
  for (const [index, part] of parts.entries()) {
    const colon = part.indexOf(':');
    const keyId = colon > 0 ? part.slice(0, colon) : '';
    const key = colon > 0 ? part.slice(colon + 1) : '';
    // The message names the entry by position: it must never echo any of the key.
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(keyId)) return { ok: false, problem: `entry ${index + 1} needs the form id:key, the id made of letters, digits, _ or -` };
    if (key.length < 16) return { ok: false, problem: `the key of "${keyId}" must be at least 16 characters` };
    if (keys.some((k) => k.keyId === keyId)) return { ok: false, problem: `the key id "${keyId}" appears twice` };
    keys.push({ keyId, key });
  }
  if (keys.length === 0) return { ok: false, problem: 'at least one id:key is needed' };
  return { ok: true, keys };
}
