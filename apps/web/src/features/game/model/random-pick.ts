/** Fills the bytes given with random ones; Web Crypto's by default, a fixed sequence in tests. */
export type RandomBytes = (bytes: Uint32Array) => Uint32Array;

export const cryptoRandom: RandomBytes = (bytes) => crypto.getRandomValues(bytes);

const RANGE = 2 ** 32;

/**
 * A whole number in [0, n), every value equally likely: 32 random bits,
 * drawn again while they fall in the last, incomplete run of n (rejection
 * sampling), so no value is favoured the way `bits % n` favours the low ones.
 */
export function randomIndex(n: number, random: RandomBytes = cryptoRandom): number {
  if (!Number.isInteger(n) || n < 1 || n > RANGE) throw new RangeError(`no index below ${n}`);
  const limit = RANGE - (RANGE % n);
  const word = new Uint32Array(1);
  for (;;) {
    const value = random(word)[0]!;
    if (value < limit) return value % n;
  }
}

/** How many options a random pick chooses: one, a single bet the user can add to or change. */
export const RANDOM_PICK_COUNT = 1;

/** `count` different codes of `codes`, each equally likely, in the order drawn (a partial Fisher–Yates shuffle). */
export function randomPick(codes: readonly string[], count: number = RANDOM_PICK_COUNT, random: RandomBytes = cryptoRandom): string[] {
  const pool = [...codes];
  const picked: string[] = [];
  while (picked.length < count && pool.length > 0) {
    const [code] = pool.splice(randomIndex(pool.length, random), 1);
    picked.push(code!);
  }
  return picked;
}
