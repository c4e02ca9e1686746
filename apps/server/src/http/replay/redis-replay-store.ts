import type { Redis } from 'ioredis';
import { REPLAY_WINDOW_MS } from '@wallet/contract';
import { AppError } from '../../errors.js';
import type { ReplayStore } from './replay-store.js';

/** Several instances share the replay window through Redis: SET NX is the atomic "first one wins", PX the window. */
export class RedisReplayStore implements ReplayStore {
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
  ) {}

  async remember(ranstr: string): Promise<boolean> {
    let answer: string | null;
    try {
      answer = await this.redis.set(`${this.keyPrefix}replay:${ranstr}`, '1', 'PX', REPLAY_WINDOW_MS, 'NX');
    } catch {
      // Without the shared window a replay could not be told apart: refuse rather than guess.
      throw new AppError('UNAVAILABLE');
    }
    return answer === 'OK';
  }
}
