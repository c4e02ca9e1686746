import type { Kysely } from 'kysely';
import type { Language, UserProfile } from '@wallet/contract';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { Session } from '../../http/session.js';
import { hashPassword } from '../../security/passwords.js';
import { confirmPassword as confirmLoginPassword } from './confirm-password.js';
import type { RateLimiter } from '../rate-limit/index.js';
import { isOwnUpload, type UploadLinks } from '../uploads/index.js';
import type { SessionStore } from '../sessions/index.js';
import { findUserById, profileOf, type UserRow } from './store.js';

export interface UserServiceDependencies {
  db: Kysely<Database>;
  sessions: SessionStore;
  limiter: RateLimiter;
  links: UploadLinks;
}

export function createUserService({ db, sessions, limiter, links }: UserServiceDependencies) {
  async function userOf(userId: string): Promise<UserRow> {
    const user = await findUserById(db, userId);
    if (!user) throw new AppError('SESSION_INVALID');
    return user;
  }

  const confirmPassword = (user: UserRow, password: string, field: string, now: number) => confirmLoginPassword(limiter, user, password, field, now);

  return {
    async info(userId: string, now: number): Promise<UserProfile> {
      return profileOf(await userOf(userId), links, now);
    },

    async update(userId: string, input: { avatar?: string | undefined; lang?: Language | undefined }, now: number): Promise<UserProfile> {
      if (input.avatar !== undefined) {
        if (!(await isOwnUpload(db, userId, input.avatar))) throw AppError.field('avatar', 'AVATAR_UNKNOWN');
      }
      await db
        .updateTable('users')
        .set({
          ...(input.avatar !== undefined ? { avatar: input.avatar } : {}),
          ...(input.lang !== undefined ? { lang: input.lang } : {}),
          updated_at: now,
        })
        .where('id', '=', userId)
        .execute();
      return profileOf(await userOf(userId), links, now);
    },

    /** A new login password; every other session of the account ends. */
    async changePassword(session: Session, input: { oldPassword: string; newPassword: string }, now: number) {
      const user = await userOf(session.userId);
      await confirmPassword(user, input.oldPassword, 'oldPassword', now);
      if (input.oldPassword === input.newPassword) throw AppError.field('newPassword', 'SAME_PASSWORD');
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', user.id).execute();
        await sessions.revokeAll(user.id, session.token, trx);
      });
      return {};
    },

    /** A new payment password, confirmed with the login password; it lifts the payment-password lock. */
    async changePayPassword(userId: string, input: { password: string; newPayPassword: string }, now: number) {
      const user = await userOf(userId);
      await confirmPassword(user, input.password, 'password', now);
      const payHash = await hashPassword(input.newPayPassword);
      await db
        .updateTable('users')
        .set({ pay_password_hash: payHash, pay_failures: 0, pay_locked_until: 0, updated_at: now })
        .where('id', '=', user.id)
        .execute();
      return {};
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
