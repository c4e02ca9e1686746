import { checkCaptcha, generateCaptcha } from '@wallet/contract';
import type { RegisterCall } from '../../http/calls.js';
import type { RateLimiter } from '../rate-limit/index.js';
import type { CaptchaService } from './service.js';

const MINUTE_MS = 60_000;

export function captchaRoutes(register: RegisterCall, captcha: CaptchaService, limiter: RateLimiter): void {
  register(generateCaptcha, async (_input, { ip, now }) => {
    await limiter.enforce({ key: `captcha-ip:${ip}`, max: 30, windowMs: MINUTE_MS }, now);
    return captcha.generate(now);
  });
  register(checkCaptcha, async (input, { ip, now }) => {
    await limiter.enforce({ key: `captcha-check-ip:${ip}`, max: 30, windowMs: MINUTE_MS }, now);
    return { valid: await captcha.check(input.captchaId, input.code, now) };
  });
}
