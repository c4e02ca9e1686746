const DEFAULT_INTERVAL_MS = 60_000;

/** Runs a cleanup of expired rows at most once per interval per server instance. */
export class Purger {
  private lastPurgeAt = 0;

  constructor(
    private readonly purge: (now: number) => Promise<unknown>,
    private readonly intervalMs = DEFAULT_INTERVAL_MS,
  ) {}

  async maybePurge(now: number): Promise<void> {
    if (now - this.lastPurgeAt < this.intervalMs) return;
    this.lastPurgeAt = now;
    await this.purge(now);
  }
}
