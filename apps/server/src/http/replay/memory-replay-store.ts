import { REPLAY_WINDOW_MS } from '@wallet/contract';
import type { ReplayStore } from './replay-store.js';

/**
 * The replay window of a single instance, in memory. Every entry lives the
 * same window from when it was seen, so the map's insertion order is expiry
 * order and forgetting walks only the expired front. About 80 bytes a call:
 * 100 calls a second hold about 5 MB.
 */
export class MemoryReplayStore implements ReplayStore {
  private readonly expiresAt = new Map<string, number>();

  remember(ranstr: string, now: number): Promise<boolean> {
    this.forgetExpired(now);
    const known = this.expiresAt.get(ranstr);
    if (known !== undefined && known >= now) return Promise.resolve(false);
    // Re-inserted at the end, where its new expiry belongs.
    this.expiresAt.delete(ranstr);
    this.expiresAt.set(ranstr, now + REPLAY_WINDOW_MS);
    return Promise.resolve(true);
  }

  private forgetExpired(now: number): void {
    for (const [ranstr, expiresAt] of this.expiresAt) {
      if (expiresAt >= now) return;
      this.expiresAt.delete(ranstr);
    }
  }
}
