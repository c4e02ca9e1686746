import { contactKindOf, type Language } from '@wallet/contract';
import type { Messages } from '../../http/messages.js';
import type { Notifier } from '../notifier/notifier.js';
import { CODE_TTL_MS, type CodePurpose } from './codes.js';

export interface CodeDelivery {
  purpose: CodePurpose;
  /** An e-mail address or a mobile number. */
  to: string;
  code: string;
  lang: Language;
}

export interface CodeSender {
  send(delivery: CodeDelivery): Promise<void>;
}

/** Words a code into the person's language and hands it to the Notifier: e-mail addresses by e-mail, numbers by SMS. */
export function createCodeSender(notifier: Notifier, messages: Messages): CodeSender {
  return {
    async send({ purpose, to, code, lang }) {
      const bodyKey = purpose === 'register' ? 'REGISTER_CODE_BODY' : 'RESET_CODE_BODY';
      await notifier.send({
        channel: contactKindOf(to) === 'email' ? 'email' : 'sms',
        to,
        subject: messages.notify(lang, 'CODE_SUBJECT', {}),
        text: messages.notify(lang, bodyKey, { code, minutes: CODE_TTL_MS / 60_000 }),
      });
    },
  };
}
