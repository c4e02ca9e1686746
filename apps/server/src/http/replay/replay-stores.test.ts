import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPLAY_WINDOW_MS } from '@wallet/contract';
import { TEST_REDIS_URL, testRedisAvailable } from '../../testing/redis.js';
import { MemoryReplayStore } from './memory-replay-store.js';
import { RedisReplayStore } from './redis-replay-store.js';

const ranstr = () => randomBytes(8).toString('hex');

describe('the replay window in memory', () => {
  it('refuses a ranstr for the whole window and takes it again after', async () => {
    const store = new MemoryReplayStore();
    const [first, other] = [ranstr(), ranstr()];
    expect(await store.remember(first, 1_000)).toBe(true);
    expect(await store.remember(other, 2_000)).toBe(true);
    expect(await store.remember(first, 1_000 + REPLAY_WINDOW_MS)).toBe(false);
    expect(await store.remember(first, 1_001 + REPLAY_WINDOW_MS)).toBe(true);
    // Forgetting the expired front kept the later entry.
    expect(await store.remember(other, 1_001 + REPLAY_WINDOW_MS)).toBe(false);
    expect(await store.remember(first, 1_002 + REPLAY_WINDOW_MS)).toBe(false);
  });

  it('lets exactly one of many simultaneous calls with one ranstr through', async () => {
    const store = new MemoryReplayStore();
    const value = ranstr();
    const answers = await Promise.all(Array.from({ length: 20 }, () => store.remember(value, Date.now())));
    expect(answers.filter(Boolean)).toHaveLength(1);
  });
});

describe('the replay window in Redis', () => {
  let clients: Redis[] = [];
  let available = false;
  beforeAll(async () => {
    available = await testRedisAvailable();
    if (available) clients = [new Redis(TEST_REDIS_URL), new Redis(TEST_REDIS_URL)];
  });
  afterAll(async () => {
    for (const client of clients) await client.quit();
  });

  it('lets one of many calls through across two instances, and keeps the key for the window', async (context) => {
    if (!available) return context.skip();
    const prefix = `test:${randomBytes(4).toString('hex')}:`;
    const [a, b] = clients.map((client) => new RedisReplayStore(client, prefix)) as [RedisReplayStore, RedisReplayStore];
    const value = ranstr();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, n) => (n % 2 === 0 ? a : b).remember(value)));
    expect(answers.filter(Boolean)).toHaveLength(1);
    const ttl = await clients[0]!.pttl(`${prefix}replay:${value}`);
    expect(ttl).toBeGreaterThan(REPLAY_WINDOW_MS - 60_000);
    expect(ttl).toBeLessThanOrEqual(REPLAY_WINDOW_MS);
  });

  it('answers 503 rather than let a call through when Redis is away', async () => {
    const away = new Redis('redis://127.0.0.1:1', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 500 });
    away.on('error', () => undefined);
    await expect(new RedisReplayStore(away, 'test:').remember(ranstr())).rejects.toMatchObject({ reason: 'UNAVAILABLE' });
    away.disconnect();
  });
});
