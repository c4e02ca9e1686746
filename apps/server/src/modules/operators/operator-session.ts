import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { recordAudit } from '../../audit/record-audit.js';
import { hashPassword, verifyPasswordOrDecoy } from '../../security/passwords.js';
import type { LoginThrottle } from '../auth/index.js';
import type { RateLimiter } from '../rate-limit/index.js';
import type { SessionStore } from '../sessions/index.js';
import { stepOfCode, takeTotpStep } from './totp.js';

export interface OperatorSessionDependencies {
  db: Kysely<Database>;
  sessions: SessionStore;
  throttle: LoginThrottle;
  limiter: RateLimiter;
}

/** An operator signing in and out, and changing their own password. */
export function createOperatorSessionService({ db, sessions, throttle, limiter }: OperatorSessionDependencies) {
  /**
   * The operator whose name and password these are. Signing in and changing
   * the password share one lock per name and one limit per address, so
   * neither is a way around the other. The failure counted here is cleared
   * only when the whole sign-in passed (TOTP included), so a right password
   * with a wrong code still counts.
   */
  async function operatorWithPassword(username: string, password: string, ip: string, now: number) {
    await limiter.enforce({ key: `operator-login-ip:${ip}`, max: 10, windowMs: 60_000 }, now);
    const key = `operator:${username.toLowerCase()}`;
    const attempt = await throttle.begin(key, now, true);
    if (!attempt) throw new AppError('ACCOUNT_LOCKED', { retryAfterSeconds: (await throttle.state(key, now)).lockedForSeconds });
    const operator = await db
      .selectFrom('operators')
      .select(['id', 'username', 'password_hash', 'role', 'disabled', 'totp_secret', 'totp_last_step'])
      .where('username_key', '=', username.toLowerCase())
      .executeTakeFirst();
    const ok = await verifyPasswordOrDecoy(operator?.password_hash, password);
    // A disabled operator reads exactly like a wrong password: the answer tells nobody the account exists.
    if (!operator || !ok || operator.disabled === 1) {
      if (attempt.lockedForSeconds > 0) throw new AppError('ACCOUNT_LOCKED', { retryAfterSeconds: attempt.lockedForSeconds });
      throw new AppError('CREDENTIALS_INVALID');
    }
    return { operator, passed: () => throttle.clear(key) };
  }

  async function checkTotp(operator: { id: string; totp_secret: string | null; totp_last_step: number | null }, code: string | undefined, now: number) {
    if (operator.totp_secret === null) return;
    if (code === undefined || code === '') throw new AppError('TOTP_REQUIRED');
    const step = await stepOfCode(operator.totp_secret, code, now, operator.totp_last_step);
    if (step === null || !(await takeTotpStep(db, operator.id, step))) throw new AppError('TOTP_INVALID');
  }

  return {
    async login(input: { username: string; password: string; totp?: string | undefined }, ip: string, now: number) {
      const { operator, passed } = await operatorWithPassword(input.username, input.password, ip, now);
      await checkTotp(operator, input.totp, now);
      await passed();
      return { token: await sessions.create(operator.id, now), username: operator.username, role: operator.role };
    },

    /** The signed-in operator's own new password; every other session of theirs ends. */
    async changePassword(session: { id: string; token: string }, input: { oldPassword: string; newPassword: string }, ip: string, now: number) {
      const { username } = await db.selectFrom('operators').select('username').where('id', '=', session.id).executeTakeFirstOrThrow();
      const { operator, passed } = await operatorWithPassword(username, input.oldPassword, ip, now);
      await passed();
      if (input.oldPassword === input.newPassword) throw AppError.field('newPassword', 'SAME_PASSWORD');
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('operators').set({ password_hash: passwordHash }).where('id', '=', operator.id).execute();
        const ended = await sessions.revokeAll(operator.id, session.token, trx);
        await recordAudit(trx, { operatorId: operator.id, action: 'password', target: `operator:${operator.id}`, before: null, after: { otherSessionsEnded: ended } }, now);
      });
      return {};
    },

    async logout(token: string) {
      await sessions.revoke(token);
      return {};
    },
  };
}

export type OperatorSessionService = ReturnType<typeof createOperatorSessionService>;
