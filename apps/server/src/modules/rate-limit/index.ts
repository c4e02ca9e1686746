import type { ModuleManifest, Platform } from '../manifest.js';
import { RateLimiter } from './limiter.js';

export type { RateLimiter } from './limiter.js';

export function rateLimitModule({ db }: Platform): ModuleManifest<{ limiter: RateLimiter }> {
  return { services: { limiter: new RateLimiter(db) } };
}
