import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { md5Hex } from './md5.js';

/** The reference: node's own MD5 over the string's UTF-8 bytes. */
function nodeMd5(text: string): string {
  return createHash('md5').update(text, 'utf8').digest('hex');
}

describe('md5Hex', () => {
  // RFC 1321, appendix A.5.
  it.each([
    ['', 'd41d8cd98f00b204e9800998ecf8427e'],
    ['a', '0cc175b9c0f1b6a831c399e269772661'],
    ['abc', '900150983cd24fb0d6963f7d28e17f72'],
    ['message digest', 'f96b697d7cb7938d525a2f31aaf161d0'],
    ['abcdefghijklmnopqrstuvwxyz', 'c3fcd3d76192e4007dfb496cca67e13b'],
    ['ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 'd174ab98d277d9f5a5611c2c9f419d9f'],
    ['1234567890'.repeat(8), '57edf4a22be3c955ac49da2e2107b67a'],
  ])('gives the RFC 1321 digest of %j', (text, digest) => {
    expect(md5Hex(text)).toBe(digest);
    expect(md5Hex(text)).toBe(nodeMd5(text));
  });

  it.each([
    ['Chinese', '钱包充值与提现'],
    ['Traditional Chinese', '錢包儲值與提領'],
    ['Arabic', 'المحفظة الإلكترونية'],
    ['emoji (astral plane)', '💰🎲👍🏽👨‍👩‍👧'],
    ['mixed', 'wallet-h5 钱包 المحفظة 💰 ñ é ß'],
  ])('hashes the UTF-8 bytes of %s text', (_name, text) => {
    expect(md5Hex(text)).toBe(nodeMd5(text));
  });

  it('agrees with node for every length from 0 to 200 bytes (around the 55/56/64 padding boundaries)', () => {
    for (let length = 0; length <= 200; length++) {
      const ascii = 'x'.repeat(length);
      expect(md5Hex(ascii), `ascii length ${length}`).toBe(nodeMd5(ascii));
    }
  });

  it('agrees with node when multi-byte characters straddle the padding boundaries', () => {
    // 'é' is 2 bytes and '钱' is 3: a one-byte prefix shifts where each character's bytes fall.
    for (const character of ['é', '钱', '💰']) {
      for (const prefix of ['', 'a', 'ab', 'abc']) {
        for (let count = 0; count <= 70; count++) {
          const text = prefix + character.repeat(count);
          expect(md5Hex(text), `${JSON.stringify(prefix)} + ${character} × ${count}`).toBe(nodeMd5(text));
        }
      }
    }
  });

  it('gives 32 lowercase hex digits', () => {
    expect(md5Hex('anything')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('agrees with node for arbitrary unicode strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        expect(md5Hex(text)).toBe(nodeMd5(text));
      }),
      { numRuns: 500 },
    );
  });

  it('agrees with node for long strings spanning many blocks', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 200, maxLength: 3000 }), (text) => {
        expect(md5Hex(text)).toBe(nodeMd5(text));
      }),
      { numRuns: 50 },
    );
  });
});
