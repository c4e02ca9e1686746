const DEFAULT_INTERVAL_MS = 60_000;

/**
 * Runs a cleanup of expired rows at most once per interval per server
 * instance. Callers arriving while it runs wait for it, so whatever they do
 * next sees its result; only the caller that started it hears its failure.
 */
export class Purger {
  private lastPurgeAt = -Infinity;
  private running: Promise<void> | undefined;

  constructor(
    private readonly purge: (now: number) => Promise<unknown>,
    private readonly intervalMs = DEFAULT_INTERVAL_MS,
  ) {}

  maybePurge(now: number): Promise<void> {
    if (this.running) return this.running.catch(() => undefined);
    if (now - this.lastPurgeAt < this.intervalMs) return Promise.resolve();
    this.lastPurgeAt = now;
    this.running = this.purge(now)
      .then(() => undefined)
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }
}
