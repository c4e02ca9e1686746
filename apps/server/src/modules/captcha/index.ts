import type { ModuleManifest, Platform } from '../manifest.js';
import type { RateLimiter } from '../rate-limit/index.js';
import { captchaRoutes } from './routes.js';
import { createCaptchaService, type CaptchaService } from './service.js';

export type { CaptchaService } from './service.js';

export function captchaModule({ db, config }: Platform, { limiter }: { limiter: RateLimiter }): ModuleManifest<{ captcha: CaptchaService }> {
  const captcha = createCaptchaService(db, config.captchaFixedAnswer);
  return { services: { captcha }, routes: (call) => captchaRoutes(call, captcha, limiter) };
}
