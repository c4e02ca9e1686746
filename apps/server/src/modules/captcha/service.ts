import { createHash, randomUUID } from 'node:crypto';
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
  /**
   * Uses the captcha up whatever the answer; a wrong answer is a field error on `field`.
   * `keepFor` keeps a rightly answered captcha for one more call that names the same
   * binding (for `keepFor.ttlMs`); `binding` is the one such a call names.
   */
  consume(captchaId: string, answer: string, now: number, field?: string, options?: ConsumeOptions): Promise<void>;
}

export interface ConsumeOptions {
  keepFor?: { binding: string; ttlMs: number };
  binding?: string | undefined;
}

/**
 * A kept captcha's stored answer: a newline, which no typed (trimmed) answer starts with, then a digest of the
 * answer and the binding, cut to fit the 12 characters the column holds.
 */
const boundAnswer = (answer: string, binding: string) =>
  `\n${createHash('sha256').update(`${answer}\n${binding}`).digest('base64url').slice(0, 11)}`;

const normalise = (answer: string) => answer.trim().toLowerCase();

/**
 * Letters and digits no one mistakes for another (no 0/O/Q, 1/I/L, 2/Z, 5/S,
 * 8/B, 6/G); answers are case-insensitive, so capitals only.
 */
export const CAPTCHA_CHARACTERS = 'ACDEFHJKMNPRTUVWXY3479';

/**
 * Large dark glyphs on a light ground with one thin line: legible for people,
 * still drawn as outlines rather than text a script could read off the SVG.
 */
function drawCaptcha() {
  const drawn = svgCaptcha.create({ size: 4, charPreset: CAPTCHA_CHARACTERS, width: 180, height: 64, fontSize: 56, noise: 1, color: false });
  const svg = drawn.data.replace(/^(<svg[^>]*>)/, '$1<rect width="100%" height="100%" fill="#eef4ff"/>');
  return { text: drawn.text, svg };
}

export function createCaptchaService(db: Kysely<Database>, fixedAnswer: string | undefined): CaptchaService {
  const cleanup = new OncePerInterval((now) => db.deleteFrom('captchas').where('expires_at', '<', now).execute());

  return {
    async generate(now) {
      await cleanup.runIfDue(now);
      const drawn = drawCaptcha();
      const captchaId = randomUUID();
      const answer = normalise(fixedAnswer ?? drawn.text);
      await db.insertInto('captchas').values({ id: captchaId, answer, attempts: 0, expires_at: now + CAPTCHA_TTL_MS }).execute();
      return { captchaId, image: `data:image/svg+xml;base64,${Buffer.from(drawn.svg).toString('base64')}` };
    },

    async check(captchaId, answer, now) {
      const row = await db.selectFrom('captchas').select(['answer', 'expires_at']).where('id', '=', captchaId).executeTakeFirst();
      if (!row || row.expires_at <= now) return false;
      if (row.answer === normalise(answer)) return true;
      await db.updateTable('captchas').set((eb) => ({ attempts: eb('attempts', '+', 1) })).where('id', '=', captchaId).execute();
      await db.deleteFrom('captchas').where('id', '=', captchaId).where('attempts', '>=', MAX_CHECKS).execute();
      return false;
    },

    async consume(captchaId, answer, now, field = 'captchaCode', options = {}) {
      const row = await db
        .deleteFrom('captchas')
        .where('id', '=', captchaId)
        .returning(['answer', 'expires_at'])
        .executeTakeFirst();
      const given = normalise(answer);
      const accepted = [given, ...(options.binding === undefined ? [] : [boundAnswer(given, options.binding)])];
      if (!row || row.expires_at <= now || !accepted.includes(row.answer)) {
        throw AppError.field(field, 'CAPTCHA_WRONG');
      }
      const keep = options.keepFor;
      // Kept under the same id, so the client sends the picture code it already solved; the delete above made it single use again.
      if (keep && row.answer === given) {
        await db
          .insertInto('captchas')
          .values({ id: captchaId, answer: boundAnswer(given, keep.binding), attempts: 0, expires_at: now + keep.ttlMs })
          .execute();
      }
    },
  };
}
