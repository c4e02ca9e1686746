import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { routeByChannel, type Notifier } from './notifier.js';
import { createOutboxNotifier } from './outbox-notifier.js';
import { createSmtpNotifier } from './smtp-notifier.js';

/**
 * E-mail goes out by SMTP when `SMTP_URL` is set, else to the outbox. SMS has
 * no provider yet: its adapter slot holds the outbox until one is configured.
 */
export function createNotifier(
  config: Config,
  db: Kysely<Database>,
  now: () => number,
  log: FastifyBaseLogger,
): Notifier & { close(): void } {
  const outbox = createOutboxNotifier(db, now, config.production ? undefined : log);
  const smtp = config.smtpUrl ? createSmtpNotifier(config.smtpUrl, config.smtpFrom) : undefined;
  return { ...routeByChannel({ email: smtp ?? outbox, sms: outbox }), close: () => smtp?.close() };
}
