import type nodemailer from 'nodemailer';
import { loadOnDemand } from '../../load-on-demand.js';
import type { Notifier } from './notifier.js';

/** E-mail through the SMTP server of `SMTP_URL`. */
export function createSmtpNotifier(smtpUrl: string, from: string): Notifier & { close(): void } {
  const transport = loadOnDemand<typeof nodemailer>('nodemailer').createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    },
    close: () => transport.close(),
  };
}
