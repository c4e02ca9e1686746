import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { Session } from '../../http/session.js';
import { hashToken } from '../sessions/index.js';

/** A ticket opens one stream within this time; an EventSource cannot sign its GET, so it carries this instead of the token. */
export const TICKET_TTL_MS = 60_000;
const TICKET_MAX_LENGTH = 100;

/** Single-use stream tickets, kept in the database so that the instance that opens the stream need not be the one that issued it. */
export function createTickets(db: Kysely<Database>) {
  return {
    async issue(session: Session, now: number) {
      const ticket = randomBytes(32).toString('base64url');
      await db
        .insertInto('event_tickets')
        .values({ ticket_hash: hashToken(ticket), user_id: session.userId, session_hash: hashToken(session.token), expires_at: now + TICKET_TTL_MS, used_at: null })
        .execute();
      return { ticket, expiresIn: TICKET_TTL_MS / 1000 };
    },

    /** The user a ticket opens a stream for, once: a used, expired or unknown ticket is refused, and so is a session since ended. */
    async redeem(ticket: unknown, now: number): Promise<string> {
      if (typeof ticket !== 'string' || ticket.length === 0 || ticket.length > TICKET_MAX_LENGTH) throw new AppError('EVENTS_TICKET_INVALID');
      const used = await db
        .updateTable('event_tickets')
        .set({ used_at: now })
        .where('ticket_hash', '=', hashToken(ticket))
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning(['user_id', 'session_hash'])
        .executeTakeFirst();
      if (!used) throw new AppError('EVENTS_TICKET_INVALID');
      const session = await db
        .selectFrom('user_sessions as s')
        .innerJoin('users as u', 'u.id', 's.owner_id')
        .select('u.frozen')
        .where('s.token_hash', '=', used.session_hash)
        .where('s.expires_at', '>', now)
        .executeTakeFirst();
      if (!session) throw new AppError('SESSION_INVALID');
      if (session.frozen === 1) throw new AppError('ACCOUNT_FROZEN');
      return used.user_id;
    },
  };
}

export type Tickets = ReturnType<typeof createTickets>;
