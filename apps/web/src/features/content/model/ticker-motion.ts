import { characterCount } from '@wallet/contract/core';

/** Roughly how fast the titles pass, in characters a second: slow enough to read a title whole. */
export const TICKER_CHARACTERS_PER_SECOND = 6;
/** A short ticker still moves calmly. */
export const TICKER_MIN_SECONDS = 10;
/** The room between two titles, counted as characters. */
const GAP_CHARACTERS = 6;

/** How long one pass of every title takes, so every ticker moves at the same reading speed however much it holds. */
export function tickerSeconds(titles: readonly string[]): number {
  const characters = titles.reduce((sum, title) => sum + characterCount(title) + GAP_CHARACTERS, 0);
  return Math.max(TICKER_MIN_SECONDS, Math.round(characters / TICKER_CHARACTERS_PER_SECOND));
}
