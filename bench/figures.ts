/** One measured scenario: completed operations per second and their latency. */
export interface Figures {
  perSecond: number;
  /** Milliseconds. */
  p50: number;
  p99: number;
  /** Operations that succeeded. */
  count: number;
  /** Operations that failed (HTTP: connection errors, timeouts and non-2xx answers). */
  errors: number;
  /** Seconds the rate is measured over. */
  seconds: number;
  /** Set when the scenario ran out of work before its time was up. */
  note?: string;
  /** CPU milliseconds over the measured run, when asked for: of the given processes, in their order, and of the load generator. */
  cpuMs?: { processes: number[]; loadGenerator: number };
}

/** The p-th percentile (0–100) of sorted values, nearest rank. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}
