import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, VerificationCodesTable } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { RateLimiter } from '../rate-limit/index.js';

export type CodePurpose = VerificationCodesTable['purpose'];

export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_RESEND_MS = 60 * 1000;
const CODES_PER_DAY = 10;
const DAY_MS = 24 * 60 * 60 * 1000;
const MAX_WRONG_TRIES = 5;

function hashCode(id: string, code: string): string {
  return createHash('sha256').update(`${id}:${code}`).digest('hex');
}

function wrongCode(field: string): AppError {
  return AppError.field(field, 'CODE_WRONG');
}

/** Six-digit codes: one send per target per minute, ten a day, ten minutes of life, five tries. */
export class VerificationCodes {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly limiter: RateLimiter,
  ) {}

  /**
   * Counts a send to `targetKey` against its limits (429 when passed). Done
   * whether or not a code is then sent, so answers never tell accounts apart.
   */
  async takeSendSlot(purpose: CodePurpose, targetKey: string, now: number): Promise<void> {
    const minute = await this.limiter.hit({ key: `code-minute:${purpose}:${targetKey}`, max: 1, windowMs: CODE_RESEND_MS }, now);
    if (!minute.allowed) throw new AppError('RATE_LIMITED', { retryAfterSeconds: minute.retryAfterSeconds });
    const day = await this.limiter.hit({ key: `code-day:${purpose}:${targetKey}`, max: CODES_PER_DAY, windowMs: DAY_MS }, now);
    if (!day.allowed) throw new AppError('CODE_LIMIT_REACHED', { retryAfterSeconds: day.retryAfterSeconds });
  }

  /** A new code for the target; earlier unused ones stop counting. */
  async issue(purpose: CodePurpose, targetKey: string, now: number): Promise<string> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const id = randomUUID();
    await this.db
      .insertInto('verification_codes')
      .values({
        id,
        purpose,
        target_key: targetKey,
        code_hash: hashCode(id, code),
        attempts: 0,
        used: 0,
        created_at: now,
        expires_at: now + CODE_TTL_MS,
      })
      .execute();
    return code;
  }

  /**
   * Uses the target's latest code up when `code` matches; else counts a wrong
   * try (field error on `field`). Not inside a caller's transaction: a wrong
   * try must stay counted when the caller's work is rolled back.
   */
  async consume(
    purpose: CodePurpose,
    targetKey: string,
    code: string,
    now: number,
    field: string,
  ): Promise<void> {
    const latest = await this.db
      .selectFrom('verification_codes')
      .select(['id', 'code_hash', 'attempts', 'used', 'expires_at'])
      .where('purpose', '=', purpose)
      .where('target_key', '=', targetKey)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    if (!latest || latest.used === 1 || latest.expires_at <= now || latest.attempts >= MAX_WRONG_TRIES) {
      throw wrongCode(field);
    }
    const matches = timingSafeEqual(Buffer.from(hashCode(latest.id, code)), Buffer.from(latest.code_hash));
    if (!matches) {
      await this.db
        .updateTable('verification_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', latest.id)
        .execute();
      throw wrongCode(field);
    }
    const claimed = await this.db
      .updateTable('verification_codes')
      .set({ used: 1 })
      .where('id', '=', latest.id)
      .where('used', '=', 0)
      .where('attempts', '<', MAX_WRONG_TRIES)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw wrongCode(field);
  }
}
