import type { Kysely } from 'kysely';
import { contactKey, contactKindOf, type Language } from '@wallet/contract';
import type { FastifyBaseLogger } from 'fastify';
import { isUniqueViolation } from '../../db/database-errors.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { Messages } from '../../http/messages.js';
import type { CaptchaService } from '../captcha/index.js';
import type { Notifier } from '../notifier/index.js';
import type { RateLimiter } from '../rate-limit/index.js';
import type { UploadLinks } from '../uploads/index.js';
import { confirmPassword, findUserById, maskContact, profileOf } from '../users/index.js';
import type { CodeSender, VerificationCodes } from '../verification/index.js';

const HOUR_MS = 60 * 60 * 1000;

export interface ContactBindingDependencies {
  db: Kysely<Database>;
  captcha: CaptchaService;
  codes: VerificationCodes;
  codeSender: CodeSender;
  notifier: Notifier;
  limiter: RateLimiter;
  links: UploadLinks;
  messages: Messages;
  log: FastifyBaseLogger;
}

/** Binding or changing a signed-in user's e-mail or mobile (PRODUCT §12): a code to the new one, the password, and word to the old one. */
export function createContactBinding({ db, captcha, codes, codeSender, notifier, limiter, links, messages, log }: ContactBindingDependencies) {
  async function userOf(userId: string) {
    const user = await findUserById(db, userId);
    if (!user) throw new AppError('SESSION_INVALID');
    return user;
  }

  /** The contact bound until now hears of the change; it is done either way, so a failed delivery is only logged. */
  async function tellOldContact(old: string, user: { username: string; lang: string }, contact: string) {
    const kind = contactKindOf(old);
    const newKind = contactKindOf(contact);
    if (!kind || !newKind) return;
    const lang = user.lang as Language;
    await notifier
      .send({
        channel: kind === 'email' ? 'email' : 'sms',
        to: old,
        subject: messages.notify(lang, 'CONTACT_CHANGED_SUBJECT', {}),
        text: messages.notify(lang, 'CONTACT_CHANGED_BODY', { username: user.username, contact: maskContact(contact, newKind) }),
      })
      .catch((error: unknown) => log.error({ err: error }, 'telling the old contact of a change failed'));
  }

  return {
    async sendCode(userId: string, input: { target: string; captchaId: string; captchaCode: string }, ip: string, lang: Language, now: number) {
      await limiter.enforce({ key: `code-ip:${ip}`, max: 20, windowMs: HOUR_MS }, now);
      await userOf(userId);
      await captcha.consume(input.captchaId, input.captchaCode, now);
      const targetKey = contactKey(input.target);
      await codes.takeSendSlot('bind', targetKey, now);
      const code = await codes.issue('bind', targetKey, now);
      await codeSender.send({ purpose: 'bind', to: input.target, code, lang });
      return { retryAfterSeconds: 60 };
    },

    /**
     * The password first, then the code (a wrong one counts a try), then
     * whether another account holds the contact: only who received the code
     * learns that, so nobody finds out whose contact is whose by asking.
     */
    async bind(userId: string, input: { target: string; code: string; password: string }, now: number) {
      const user = await userOf(userId);
      await confirmPassword(limiter, user, input.password, 'password', now);
      const targetKey = contactKey(input.target);
      await codes.consume('bind', targetKey, input.code, now, 'code');
      // The unique contact key decides, also between two binds at the same moment.
      await db
        .updateTable('users')
        .set({ contact: input.target, contact_kind: contactKindOf(input.target) ?? null, contact_key: targetKey, updated_at: now })
        .where('id', '=', userId)
        .execute()
        .catch((error: unknown) => {
          throw isUniqueViolation(error) ? new AppError('CONTACT_TAKEN') : error;
        });
      if (user.contact && contactKey(user.contact) !== targetKey) await tellOldContact(user.contact, user, input.target);
      return profileOf(await userOf(userId), links, now);
    },
  };
}

export type ContactBinding = ReturnType<typeof createContactBinding>;
