import type { Dice } from './options.js';

export interface Trend {
  periods: number;
  sums: Record<string, { hits: number; missing: number }>;
  faces: Record<string, { hits: number; missing: number }>;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * Hot and missing numbers over drawn periods given newest first: how often
 * each sum and face came, and how many periods have passed since each last
 * came (all of them when it never did).
 */
export function trendOf(throws: readonly Dice[]): Trend {
  const sums: Trend['sums'] = Object.fromEntries(range(3, 18).map((n) => [String(n), { hits: 0, missing: throws.length }]));
  const faces: Trend['faces'] = Object.fromEntries(range(1, 6).map((n) => [String(n), { hits: 0, missing: throws.length }]));
  throws.forEach((dice, age) => {
    const sum = sums[String(dice[0] + dice[1] + dice[2])]!;
    if (sum.hits === 0) sum.missing = age;
    sum.hits += 1;
    for (const face of new Set(dice)) if (faces[String(face)]!.hits === 0) faces[String(face)]!.missing = age;
    for (const face of dice) faces[String(face)]!.hits += 1;
  });
  return { periods: throws.length, sums, faces };
}
