import { createHash, timingSafeEqual } from 'node:crypto';
import {
  SIGNATURE_MAX_SKEW_MS,
  SIGNED_FIELD_NAMES,
  signedFieldsSchema,
  type SignedFields,
} from '@wallet/contract';
import { AppError } from '../errors.js';
import type { ReplayStore } from './replay/replay-store.js';

export interface SignatureVerifier {
  /** Checks the signed fields of a call body and returns them with the call's own fields apart. */
  verify(body: unknown): Promise<{ signed: SignedFields; fields: Record<string, unknown> }>;
}

export interface SignatureOptions {
  appId: string;
  keys: { keyId: string; key: string }[];
  replayStore: ReplayStore;
  now: () => number;
}

const md5Hex = (text: string) => createHash('md5').update(text).digest('hex');

/** The contract's computeSign (PRODUCT §2) with Node's own MD5, which costs a signed call less CPU than the portable one. */
export function nativeSign(appid: string, times: number, ranstr: string, key: string): string {
  return md5Hex(md5Hex(`${appid}${times}${ranstr}`) + key);
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function createSignatureVerifier(options: SignatureOptions): SignatureVerifier {
  const keys = new Map(options.keys.map((k) => [k.keyId, k.key]));

  return {
    async verify(body) {
      if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new AppError('SIGNATURE_INVALID');
      const record = body as Record<string, unknown>;
      const parsed = signedFieldsSchema.safeParse(record);
      if (!parsed.success) throw new AppError('SIGNATURE_INVALID');
      const signed = parsed.data;

      const key = keys.get(signed.secret);
      if (signed.appid !== options.appId || key === undefined) throw new AppError('SIGNATURE_INVALID');
      if (!sameText(nativeSign(signed.appid, signed.times, signed.ranstr, key), signed.sign)) {
        throw new AppError('SIGNATURE_INVALID');
      }

      const now = options.now();
      if (Math.abs(now - signed.times) > SIGNATURE_MAX_SKEW_MS) throw new AppError('REQUEST_STALE');
      if (!(await options.replayStore.remember(signed.ranstr, now))) throw new AppError('REQUEST_REPLAYED');

      const fields: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(record)) {
        if (!(SIGNED_FIELD_NAMES as readonly string[]).includes(name)) fields[name] = value;
      }
      return { signed, fields };
    },
  };
}
