import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { contactKey, contactKindOf, type Language, type UserProfile } from '@wallet/contract';
import { openUserAccounts } from '../../ledger/accounts.js';
import type { Database } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/database-errors.js';
import { AppError } from '../../errors.js';
import type { CaptchaService } from '../captcha/index.js';
import { randomInviteCode } from '../invites/index.js';
import type { RateLimiter } from '../rate-limit/index.js';
import type { SessionStore } from '../sessions/index.js';
import type { UploadLinks } from '../uploads/index.js';
import { findUserByUsername, profileOf, usernameKey } from '../users/index.js';
import { CODE_TTL_MS, type CodeSender, type VerificationCodes } from '../verification/index.js';
import type { LoginThrottle } from './login-throttle.js';
import { hashPassword, verifyPasswordOrDecoy } from '../../security/passwords.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** Attempts to draw an unused invitation code before giving up. */
const INVITE_CODE_TRIES = 5;

export interface AuthDependencies {
  db: Kysely<Database>;
  captcha: CaptchaService;
  codes: VerificationCodes;
  codeSender: CodeSender;
  limiter: RateLimiter;
  sessions: SessionStore;
  throttle: LoginThrottle;
  links: UploadLinks;
}

export interface RegisterInput {
  username: string;
  password: string;
  payPassword: string;
  inviteCode: string;
  captchaId: string;
  captchaCode: string;
  lang: Language;
  contact?: string | undefined;
  contactCode?: string | undefined;
}

export interface SignInInput {
  username: string;
  password: string;
  captchaId?: string | undefined;
  captchaCode?: string | undefined;
}

export interface SignedIn {
  token: string;
  user: UserProfile;
}

const locked = (seconds: number) => new AppError('ACCOUNT_LOCKED', { retryAfterSeconds: seconds });
/** A captcha kept after sending a registration code serves only a registration with that contact. */
const registrationBinding = (targetKey: string) => `register:${targetKey}`;
const captchaRequired = () => new AppError('CAPTCHA_REQUIRED', { captchaRequired: true });


export function createAuthService(deps: AuthDependencies) {
  const { db, captcha, codes, limiter, sessions, throttle, links } = deps;

  async function inviterOf(code: string) {
    const invite = await db
      .selectFrom('invite_codes')
      .select(['owner_kind', 'owner_id'])
      .where('code', '=', code)
      .where('disabled', '=', 0)
      .executeTakeFirst();
    if (!invite) throw AppError.field('inviteCode', 'INVITE_CODE_UNKNOWN');
    return invite;
  }

  async function assertUsernameFree(username: string): Promise<void> {
    if (await findUserByUsername(db, username)) throw new AppError('USERNAME_TAKEN');
  }

  /** Like binding, asked only after the code proved the contact, so nobody learns whose contact is whose by asking. */
  async function assertContactFree(contact: string): Promise<void> {
    const holder = await db.selectFrom('users').select('id').where('contact_key', '=', contactKey(contact)).executeTakeFirst();
    if (holder) throw new AppError('CONTACT_TAKEN');
  }

  async function insertUser(input: RegisterInput, hashes: { password: string; pay: string }, inviterUserId: string | null, now: number) {
    const contactKind = input.contact === undefined ? null : (contactKindOf(input.contact) ?? null);
    for (let attempt = 1; ; attempt += 1) {
      const id = randomUUID();
      const inviteCode = randomInviteCode();
      try {
        return await db.transaction().execute(async (trx) => {
          await trx
            .insertInto('users')
            .values({
              id,
              username: input.username,
              username_key: usernameKey(input.username),
              password_hash: hashes.password,
              pay_password_hash: hashes.pay,
              invite_code: inviteCode,
              invited_by_code: input.inviteCode,
              inviter_user_id: inviterUserId,
              avatar: null,
              lang: input.lang,
              contact: input.contact ?? null,
              contact_kind: contactKind,
              contact_key: input.contact === undefined ? null : contactKey(input.contact),
              frozen: 0,
              pay_failures: 0,
              pay_locked_until: 0,
              created_at: now,
              updated_at: now,
            })
            .execute();
          await trx
            .insertInto('invite_codes')
            .values({ code: inviteCode, owner_kind: 'user', owner_id: id, created_at: now, disabled: 0 })
            .execute();
          await openUserAccounts(trx, id, now);
          const token = await sessions.create(id, now, trx);
          const user = await trx.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
          return { token, user: profileOf(user, links, now) };
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // Someone took the username or the contact a moment ago, or the drawn invitation code was taken.
        await assertUsernameFree(input.username);
        if (input.contact !== undefined) await assertContactFree(input.contact);
        if (attempt >= INVITE_CODE_TRIES) throw error;
      }
    }
  }

  return {
    async register(input: RegisterInput, ip: string, now: number): Promise<SignedIn> {
      await limiter.enforce({ key: `register-ip:${ip}`, max: 20, windowMs: HOUR_MS }, now);
      if (input.contact !== undefined && input.contactCode === undefined) throw AppError.field('contactCode', 'REQUIRED');
      if (input.contact === undefined && input.contactCode !== undefined) throw AppError.field('contact', 'REQUIRED');
      const binding = input.contact === undefined ? undefined : registrationBinding(contactKey(input.contact));
      await captcha.consume(input.captchaId, input.captchaCode, now, 'captchaCode', { binding });
      const invite = await inviterOf(input.inviteCode);
      await assertUsernameFree(input.username);
      if (input.contact !== undefined && input.contactCode !== undefined) {
        await codes.consume('register', contactKey(input.contact), input.contactCode, now, 'contactCode');
        await assertContactFree(input.contact);
      }
      const [password, pay] = await Promise.all([hashPassword(input.password), hashPassword(input.payPassword)]);
      return insertUser(input, { password, pay }, invite.owner_kind === 'user' ? invite.owner_id : null, now);
    },

    async signIn(input: SignInInput, ip: string, now: number): Promise<SignedIn> {
      await limiter.enforce({ key: `login-ip:${ip}`, max: 10, windowMs: MINUTE_MS }, now);
      const key = `user:${usernameKey(input.username)}`;
      const state = await throttle.state(key, now);
      if (state.lockedForSeconds > 0) throw locked(state.lockedForSeconds);
      if (state.captchaRequired) {
        if (input.captchaId === undefined || input.captchaCode === undefined) throw captchaRequired();
        await captcha.consume(input.captchaId, input.captchaCode, now);
      }
      // Counted before the password is checked, so parallel guesses cannot all slip past the checks above.
      const attempt = await throttle.begin(key, now, state.captchaRequired);
      if (!attempt) {
        const lockedForSeconds = (await throttle.state(key, now)).lockedForSeconds;
        throw lockedForSeconds > 0 ? locked(lockedForSeconds) : captchaRequired();
      }

      const user = await findUserByUsername(db, input.username);
      const passwordOk = await verifyPasswordOrDecoy(user?.password_hash, input.password);
      if (!user || !passwordOk) {
        if (attempt.lockedForSeconds > 0) throw locked(attempt.lockedForSeconds);
        throw new AppError('CREDENTIALS_INVALID', { captchaRequired: attempt.captchaRequired });
      }
      await throttle.clear(key);
      if (user.frozen === 1) throw new AppError('ACCOUNT_FROZEN');
      return { token: await sessions.create(user.id, now), user: profileOf(user, links, now) };
    },

    async sendRegisterCode(input: { target: string; captchaId: string; captchaCode: string }, ip: string, lang: Language, now: number) {
      await limiter.enforce({ key: `code-ip:${ip}`, max: 20, windowMs: HOUR_MS }, now);
      const targetKey = contactKey(input.target);
      // One picture code for the whole registration: the one solved to send the code also registers that contact, once.
      await captcha.consume(input.captchaId, input.captchaCode, now, 'captchaCode', { keepFor: { binding: registrationBinding(targetKey), ttlMs: CODE_TTL_MS } });
      await codes.takeSendSlot('register', targetKey, now);
      const code = await codes.issue('register', targetKey, now);
      await deps.codeSender.send({ purpose: 'register', to: input.target, code, lang });
      return { retryAfterSeconds: 60 };
    },

    async sendResetCode(input: { username: string; captchaId: string; captchaCode: string }, ip: string, now: number) {
      await limiter.enforce({ key: `code-ip:${ip}`, max: 20, windowMs: HOUR_MS }, now);
      // Before the account is looked up, so a wrong picture code answers the same for every username.
      await captcha.consume(input.captchaId, input.captchaCode, now);
      const key = usernameKey(input.username);
      await codes.takeSendSlot('reset', key, now);
      const user = await findUserByUsername(db, input.username);
      if (user?.contact && user.frozen === 0) {
        const code = await codes.issue('reset', key, now);
        // A failed delivery is logged by the sender and not told: the answer must not reveal that the account exists.
        await deps.codeSender.send({ purpose: 'reset', to: user.contact, code, lang: user.lang as Language }).catch(() => undefined);
      }
      return { retryAfterSeconds: 60 };
    },

    async forgetPassword(input: { username: string; code: string; password: string }, ip: string, now: number) {
      await limiter.enforce({ key: `reset-ip:${ip}`, max: 10, windowMs: MINUTE_MS }, now);
      const user = await findUserByUsername(db, input.username);
      if (!user) throw AppError.field('code', 'CODE_WRONG');
      await codes.consume('reset', user.username_key, input.code, now, 'code');
      if (user.frozen === 1) throw new AppError('ACCOUNT_FROZEN');
      const passwordHash = await hashPassword(input.password);
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', user.id).execute();
        await sessions.revokeAll(user.id, undefined, trx);
        await throttle.clear(`user:${user.username_key}`, trx);
      });
      return {};
    },

    async logOut(token: string) {
      await sessions.revoke(token);
      return {};
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
