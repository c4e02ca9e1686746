import { Redis } from 'ioredis';

/** The Redis the tests use (REDIS_URL, else the local one); CI has it, as it has PostgreSQL. */
export const TEST_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** True when that Redis answers; a test that needs it runs only then, and under CI its absence fails. */
export async function redisAnswers(url = TEST_REDIS_URL): Promise<boolean> {
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 1_000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** Under CI a missing service fails the tests that need it rather than skipping them. */
export const IN_CI = process.env.CI === 'true' || process.env.CI === '1';

/** Whether the test Redis answers; under CI its absence is a failure. */
export async function testRedisAvailable(): Promise<boolean> {
  const available = await redisAnswers();
  if (!available && IN_CI) throw new Error(`Redis does not answer at ${TEST_REDIS_URL}`);
  return available;
}
