import { Redis } from 'ioredis';

/**
 * The shared Redis of several instances. A command fails fast when Redis is
 * away rather than queueing for ever: a caller answers 503 and the client retries.
 */
export function openRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2_000, enableAutoPipelining: true });
}
