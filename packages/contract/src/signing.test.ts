import { createHash, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeSign, parseSigningKeys, randomRanstr, signFields, type SigningKey } from './signing.js';

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/** PRODUCT §2: sign = md5( md5(appid + times + ranstr) + key ), lowercase hex. */
const expectedSign = (appid: string, times: number, ranstr: string, key: string) => md5(md5(`${appid}${times}${ranstr}`) + key);

const cryptoBytes = (bytes: Uint8Array) => randomBytes(bytes.length) as Uint8Array;

const RANSTR_PATTERN = /^[A-Za-z0-9]{16}$/;

describe('computeSign', () => {
  it('matches a vector computed outside the code (md5sum)', () => {
    expect(computeSign('wallet-h5', 1_700_000_000_000, 'abcdEFGH12345678', 'dev-signing-key-change-me')).toBe(
      '9436d08ba866be75b5848e59d4cf2d1d',
    );
  });

  it('matches md5(md5(appid + times + ranstr) + key) computed with node:crypto', () => {
    const ranstrArbitrary = fc.string({ unit: fc.constantFrom(...'ABCxyz019'), minLength: 16, maxLength: 16 });
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 64 }),
        fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
        ranstrArbitrary,
        fc.string({ unit: 'binary', minLength: 16, maxLength: 80 }),
        (appid, times, ranstr, key) => {
          expect(computeSign(appid, times, ranstr, key)).toBe(expectedSign(appid, times, ranstr, key));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('randomRanstr', () => {
  it('yields 16 characters of [A-Za-z0-9]', () => {
    for (let i = 0; i < 200; i++) expect(randomRanstr(cryptoBytes)).toMatch(RANSTR_PATTERN);
  });

  it('differs between calls', () => {
    const seen = new Set(Array.from({ length: 100 }, () => randomRanstr(cryptoBytes)));
    expect(seen.size).toBe(100);
  });

  it('yields a valid ranstr whatever bytes the random source gives, including long runs of high bytes', () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ minLength: 32, maxLength: 32 }), { minLength: 1, maxLength: 5 }), (buffers) => {
        // Replays the generated buffers, then plain zeros so the loop always ends.
        let call = 0;
        const source = (bytes: Uint8Array) => {
          const next = buffers[call++];
          if (next) bytes.set(next.subarray(0, bytes.length));
          else bytes.fill(0);
          return bytes;
        };
        expect(randomRanstr(source)).toMatch(RANSTR_PATTERN);
      }),
    );
  });
});

describe('signFields', () => {
  const signing: SigningKey = { appId: 'wallet-h5', keyId: 'k1', key: 'a-signing-key-of-some-length' };
  const now = 1_712_345_678_901;

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['empty', ''],
  ])("uses 'none' when the token is %s", (_name, token) => {
    expect(signFields(signing, token, now, cryptoBytes).token).toBe('none');
  });

  it('carries the token, app id, key id (never the key) and the time, and a sign that verifies', () => {
    const fields = signFields(signing, 'session-token-1', now, cryptoBytes);
    expect(fields).toMatchObject({ token: 'session-token-1', appid: 'wallet-h5', secret: 'k1', times: now });
    expect(fields.ranstr).toMatch(RANSTR_PATTERN);
    expect(fields.sign).toBe(expectedSign('wallet-h5', now, fields.ranstr, signing.key));
    expect(JSON.stringify(fields)).not.toContain(signing.key);
  });

  it('uses a new ranstr for every call', () => {
    const first = signFields(signing, null, now, cryptoBytes);
    const second = signFields(signing, null, now, cryptoBytes);
    expect(first.ranstr).not.toBe(second.ranstr);
    expect(first.sign).not.toBe(second.sign);
  });
});

describe('parseSigningKeys', () => {
  it('accepts "k1:...,k0:..." and keeps the order (the first signs new builds)', () => {
    expect(parseSigningKeys('k1:0123456789abcdef-new, k0:fedcba9876543210-old')).toEqual({
      ok: true,
      keys: [
        { keyId: 'k1', key: '0123456789abcdef-new' },
        { keyId: 'k0', key: 'fedcba9876543210-old' },
      ],
    });
  });

  it('accepts a key that itself contains a colon', () => {
    expect(parseSigningKeys('k1:abc:defghijklmnopqrstu')).toEqual({ ok: true, keys: [{ keyId: 'k1', key: 'abc:defghijklmnopqrstu' }] });
  });

  it.each([
    ['a short key', 'k1:too-short'],
    ['a duplicate id', 'k1:0123456789abcdef,k1:fedcba9876543210'],
    ['a missing colon', 'k10123456789abcdef'],
    ['an empty id', ':0123456789abcdef'],
    ['an id with a space', 'k 1:0123456789abcdef'],
    ['an empty text', ''],
    ['only separators', ' , ,'],
    ['a good key followed by a bad one', 'k1:0123456789abcdef,k0:short'],
  ])('rejects %s', (_name, text) => {
    const result = parseSigningKeys(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problem).not.toBe('');
  });
});
