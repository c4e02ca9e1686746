import type { Redis } from 'ioredis';
import { loadOnDemand } from '../load-on-demand.js';

/**
 * The shared Redis of several instances. A command fails fast when Redis is
 * away rather than queueing for ever: a caller answers 503 and the client retries.
 */
export function openRedis(url: string): Redis {
  const { Redis: Client } = loadOnDemand<{ Redis: typeof Redis }>('ioredis');
  return new Client(url, { maxRetriesPerRequest: 1, connectTimeout: 2_000, enableAutoPipelining: true });
}
