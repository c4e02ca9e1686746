import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import svgCaptcha from 'svg-captcha';
import { OncePerInterval } from '../../once-per-interval.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors.js';

export const CAPTCHA_TTL_MS = 5 * 60 * 1000;
/** Wrong answers to checkCode before the captcha dies: checking must not become a way to guess. */
const MAX_CHECKS = 5;

export interface CaptchaService {
  generate(now: number): Promise<{ captchaId: string; image: string }>;
  /** Whether the answer is right, without using the captcha up. */
  check(captchaId: string, answer: string, now: number): Promise<boolean>;
  /** Uses the captcha up whatever the answer; a wrong answer is a field error on `field`. */
  consume(captchaId: string, answer: string, now: number, field?: string): Promise<void>;
}

const normalise = (answer: string) => answer.trim().toLowerCase();

export function createCaptchaService(db: Kysely<Database>, fixedAnswer: string | undefined): CaptchaService {
  const cleanup = new OncePerInterval((now) => db.deleteFrom('captchas').where('expires_at', '<', now).execute());

  return {
    async generate(now) {
      await cleanup.runIfDue(now);
      const drawn = svgCaptcha.create({ size: 4, ignoreChars: '0oO1iIlL', noise: 3, color: true, background: '#eef4ff' });
      const captchaId = randomUUID();
      const answer = normalise(fixedAnswer ?? drawn.text);
      await db.insertInto('captchas').values({ id: captchaId, answer, attempts: 0, expires_at: now + CAPTCHA_TTL_MS }).execute();
      return { captchaId, image: `data:image/svg+xml;base64,${Buffer.from(drawn.data).toString('base64')}` };
    },

    async check(captchaId, answer, now) {
      const row = await db.selectFrom('captchas').select(['answer', 'expires_at']).where('id', '=', captchaId).executeTakeFirst();
      if (!row || row.expires_at <= now) return false;
      if (row.answer === normalise(answer)) return true;
      await db.updateTable('captchas').set((eb) => ({ attempts: eb('attempts', '+', 1) })).where('id', '=', captchaId).execute();
      await db.deleteFrom('captchas').where('id', '=', captchaId).where('attempts', '>=', MAX_CHECKS).execute();
      return false;
    },

    async consume(captchaId, answer, now, field = 'captchaCode') {
      const row = await db
        .deleteFrom('captchas')
        .where('id', '=', captchaId)
        .returning(['answer', 'expires_at'])
        .executeTakeFirst();
      if (!row || row.expires_at <= now || row.answer !== normalise(answer)) {
        throw AppError.field(field, 'CAPTCHA_WRONG');
      }
    },
  };
}
