import { describe, expect, it } from 'vitest';
import { randomIndex, randomPick, type RandomBytes } from './random-pick';

/** Answers the given 32-bit words in turn, and counts how many were asked for. */
function sequence(...words: number[]) {
  let asked = 0;
  const random: RandomBytes = (bytes) => {
    bytes[0] = words[asked++ % words.length]!;
    return bytes;
  };
  return { random, asked: () => asked };
}

describe('a random index', () => {
  it('stays in range for every value the random source can give', () => {
    for (const n of [1, 2, 6, 14, 20]) {
      for (const word of [0, 1, 5, 2 ** 31, 2 ** 32 - 2 ** 32 % n - 1]) expect(randomIndex(n, sequence(word).random)).toBeLessThan(n);
    }
  });

  it('draws again rather than favour low values when the bits fall in the incomplete last run', () => {
    // 2^32 mod 6 = 4: the four largest words would make 0–3 likelier than 4–5, so they are thrown away.
    const source = sequence(2 ** 32 - 1, 2 ** 32 - 4, 11);
    expect(randomIndex(6, source.random)).toBe(5);
    expect(source.asked()).toBe(3);
  });

  it('gives each value equally often over every 32-bit word of a full cycle of n', () => {
    // Walking the accepted words evenly: each index comes out exactly as often as the others.
    const n = 14;
    const counts = new Array<number>(n).fill(0);
    const step = Math.floor(2 ** 32 / n / 50);
    for (let i = 0; i < n * 50; i++) counts[randomIndex(n, sequence(i * step).random)]! += 1;
    const limit = 2 ** 32 - (2 ** 32 % n);
    expect(limit % n).toBe(0);
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
  });

  it('is roughly uniform with the real Web Crypto source', () => {
    const counts = new Array<number>(6).fill(0);
    for (let i = 0; i < 60_000; i++) counts[randomIndex(6)]! += 1;
    // 10 000 expected each; 5 standard deviations (≈ 456) apart at most.
    for (const count of counts) expect(Math.abs(count - 10_000)).toBeLessThan(460);
  });

  it('refuses a range with nothing in it', () => {
    expect(() => randomIndex(0)).toThrow(RangeError);
  });
});

describe('a random pick', () => {
  const tab = ['big', 'small', 'odd', 'even'];

  it('chooses one option of the tab by default', () => {
    const picked = randomPick(tab, undefined, sequence(2).random);
    expect(picked).toEqual(['odd']);
  });

  it('never picks the same option twice, and never more than the tab has', () => {
    const picked = randomPick(tab, 10, sequence(0).random);
    expect(picked).toHaveLength(4);
    expect(new Set(picked)).toEqual(new Set(tab));
  });

  it('picks every option of the tab with the real random source', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 400; i++) for (const code of randomPick(tab)) seen.add(code);
    expect(seen).toEqual(new Set(tab));
  });
});
