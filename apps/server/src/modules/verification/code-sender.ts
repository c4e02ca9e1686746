import { contactKindOf, type Language } from '@wallet/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors.js';
import type { Messages } from '../../http/messages.js';
import type { Notifier } from '../notifier/index.js';
import { CODE_TTL_MS, type CodePurpose } from './codes.js';

export interface CodeDelivery {
  purpose: CodePurpose;
  /** An e-mail address or a mobile number. */
  to: string;
  code: string;
  lang: Language;
}

export interface CodeSender {
  /** Throws 503 UNAVAILABLE (after logging why) when the message could not be handed over. */
  send(delivery: CodeDelivery): Promise<void>;
}

const BODY_KEYS = { register: 'REGISTER_CODE_BODY', reset: 'RESET_CODE_BODY', bind: 'BIND_CODE_BODY' } as const;

/** Words a code into the person's language and hands it to the Notifier: e-mail addresses by e-mail, numbers by SMS. */
export function createCodeSender(notifier: Notifier, messages: Messages, log: FastifyBaseLogger): CodeSender {
  return {
    async send({ purpose, to, code, lang }) {
      const bodyKey = BODY_KEYS[purpose];
      const channel = contactKindOf(to) === 'email' ? 'email' : 'sms';
      try {
        await notifier.send({
          channel,
          to,
          subject: messages.notify(lang, 'CODE_SUBJECT', {}),
          text: messages.notify(lang, bodyKey, { code, minutes: CODE_TTL_MS / 60_000 }),
        });
      } catch (error) {
        log.error({ err: error, channel, purpose }, 'code delivery failed');
        throw new AppError('UNAVAILABLE');
      }
    },
  };
}
