export interface TrendRow {
  key: string;
  hits: number;
  missing: number;
  /** Its hits against the most hits of any: the bar's length. */
  share: number;
  /** Among the most frequent (three at most, and only those that came). */
  hot: boolean;
  /** Among the longest missing (three at most, and only those missing at all). */
  cold: boolean;
}

const MARKED = 3;

/**
 * The keys with the highest values, at most three and only above zero. A tie
 * is marked all or not at all: of six numbers missing equally long, none is
 * "the longest missing".
 */
function leaders(values: [key: string, value: number][]): Set<string> {
  const threshold = values.map(([, value]) => value).sort((a, b) => b - a)[MARKED - 1] ?? 0;
  let chosen = values.filter(([, value]) => value > 0 && value >= threshold);
  if (chosen.length > MARKED) chosen = chosen.filter(([, value]) => value > threshold);
  return new Set(chosen.map(([key]) => key));
}

/** The trend's numbers in order, each with its bar and whether it is hot or missing longest. */
export function trendRows(counts: Record<string, { hits: number; missing: number }>): TrendRow[] {
  const entries = Object.entries(counts).sort(([a], [b]) => Number(a) - Number(b));
  const most = Math.max(1, ...entries.map(([, count]) => count.hits));
  const hot = leaders(entries.map(([key, count]) => [key, count.hits]));
  const cold = leaders(entries.map(([key, count]) => [key, count.missing]));
  return entries.map(([key, count]) => ({ key, hits: count.hits, missing: count.missing, share: count.hits / most, hot: hot.has(key), cold: cold.has(key) }));
}
