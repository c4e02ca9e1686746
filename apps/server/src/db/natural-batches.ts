/**
 * Work that arrives while a batch is under way waits for the next batch,
 * which takes everything waiting (up to `maxItems`). No timer: a lone item
 * starts once the event loop has read the requests that came with it, and
 * batches grow only as the load does, so the window adapts by itself.
 * `run` answers each of its items itself and never rejects.
 */
export class NaturalBatches<Item> {
  private waiting: Item[] = [];
  private running = 0;
  private startScheduled = false;

  constructor(
    private readonly run: (items: Item[]) => Promise<void>,
    private readonly maxItems: number,
    /** Batches under way at once. */
    private readonly concurrency = 1,
    /** How many of the first waiting items (at least one) may share the next batch; the rest stay first in line. */
    private readonly fitting: (items: Item[]) => number = (items) => items.length,
  ) {
    if (!(maxItems >= 1)) throw new RangeError(`a batch holds one item at least, not ${maxItems}`);
  }

  add(item: Item): void {
    this.waiting.push(item);
    if (this.running < this.concurrency && !this.startScheduled) {
      this.startScheduled = true;
      setImmediate(() => {
        this.startScheduled = false;
        this.startWhileFree();
      });
    }
  }

  /** Items waiting now, for gauges and tests. */
  get queued(): number {
    return this.waiting.length;
  }

  private startWhileFree(): void {
    while (this.running < this.concurrency && this.waiting.length > 0) {
      const fit = Math.max(1, Math.min(this.maxItems, this.fitting(this.waiting.slice(0, this.maxItems))));
      const items = this.waiting.splice(0, fit);
      this.running += 1;
      void this.run(items).finally(() => {
        this.running -= 1;
        this.startWhileFree();
      });
    }
  }
}

/**
 * One statement for many callers: each call waits for the next batch and gets
 * its own row of what `runAll` answers for the batch (same order, same length).
 * If the statement fails, every caller of that batch hears the error.
 */
export function coalesced<Item, Result>(runAll: (items: Item[]) => Promise<Result[]>, maxItems: number): (item: Item) => Promise<Result> {
  type Waiting = { item: Item; resolve: (result: Result) => void; reject: (error: unknown) => void };
  const batches = new NaturalBatches<Waiting>(async (waiting) => {
    try {
      const results = await runAll(waiting.map((entry) => entry.item));
      waiting.forEach((entry, index) => entry.resolve(results[index]!));
    } catch (error) {
      for (const entry of waiting) entry.reject(error);
    }
  }, maxItems);
  return (item) => new Promise<Result>((resolve, reject) => batches.add({ item, resolve, reject }));
}
