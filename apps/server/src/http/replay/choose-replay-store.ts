import type { Redis } from 'ioredis';
import type { OpenDatabase } from '../../db/database.js';
import { DatabaseReplayStore } from './database-replay-store.js';
import { MemoryReplayStore } from './memory-replay-store.js';
import { RedisReplayStore } from './redis-replay-store.js';
import type { ReplayStore } from './replay-store.js';

/**
 * Redis when there is one (several instances share it); SQLite serves one
 * instance, so memory; PostgreSQL without Redis may have several instances,
 * so its table.
 */
export function chooseReplayStore(database: OpenDatabase, redis: Redis | undefined, appId: string): ReplayStore {
  if (redis) return new RedisReplayStore(redis, `wallet:${appId}:`);
  if (database.dialect === 'sqlite') return new MemoryReplayStore();
  return new DatabaseReplayStore(database.db, database.dialect);
}
