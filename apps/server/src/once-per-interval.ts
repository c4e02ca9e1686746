const DEFAULT_INTERVAL_MS = 60_000;

/**
 * Runs a task (a cleanup of expired rows, a scheduler round) at most once per
 * interval per server instance. Callers arriving while it runs wait for it, so
 * whatever they do next sees its result; only the caller that started it hears
 * its failure.
 */
export class OncePerInterval {
  private lastRunAt = -Infinity;
  private running: Promise<void> | undefined;

  constructor(
    private readonly task: (now: number) => Promise<unknown>,
    private readonly intervalMs = DEFAULT_INTERVAL_MS,
  ) {}

  /** Resolves once no round is running: the one under way, if any, has ended. */
  async settled(): Promise<void> {
    await this.running?.catch(() => undefined);
  }

  runIfDue(now: number): Promise<void> {
    if (this.running) return this.running.catch(() => undefined);
    if (now - this.lastRunAt < this.intervalMs) return Promise.resolve();
    this.lastRunAt = now;
    this.running = this.task(now)
      .then(() => undefined)
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }
}
