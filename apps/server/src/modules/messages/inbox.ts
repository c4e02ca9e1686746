import { sql, type Kysely } from 'kysely';
import type { Language, MessageKind } from '@wallet/contract';
import { offsetOf, pageOf, type PageRequest } from '../../db/page.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { Messages } from '../../http/messages.js';
import { renderMessage } from './render-message.js';

/** Messages are kept this long, read or not: results and decisions older than that live on in the records and the statement. */
export const KEEP_MESSAGES_MS = 180 * 24 * 60 * 60 * 1000;

/** A user's own messages: read in their language, marked read one by one or all at once. */
export function createInbox(db: Kysely<Database>, messages: Messages) {
  const mine = (userId: string) => db.selectFrom('user_messages').where('user_id', '=', userId);

  async function unreadOf(userId: string): Promise<number> {
    const row = await mine(userId).where('read_at', 'is', null).select(sql<string | number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  return {
    async list(userId: string, query: PageRequest, lang: Language) {
      const [rows, count, unread] = await Promise.all([
        mine(userId).selectAll().orderBy('id', 'desc').limit(query.pageSize).offset(offsetOf(query)).execute(),
        mine(userId).select(sql<string | number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
        unreadOf(userId),
      ]);
      const items = rows.map((row) => ({
        id: Number(row.id),
        kind: row.kind as MessageKind,
        ...renderMessage(messages, lang, row.kind as MessageKind, JSON.parse(row.params)),
        ref: row.ref,
        createdAt: Number(row.created_at),
        read: row.read_at !== null,
      }));
      return { ...pageOf(items, count.n, query), unread };
    },

    /** One message (only the user's own: another's id is not found) or, without an id, every unread one. */
    async read(userId: string, id: number | undefined, now: number) {
      let update = db.updateTable('user_messages').set({ read_at: now }).where('user_id', '=', userId).where('read_at', 'is', null);
      if (id !== undefined) update = update.where('id', '=', id);
      const marked = await update.executeTakeFirst();
      if (id !== undefined && Number(marked.numUpdatedRows) === 0) {
        if (!(await mine(userId).select('id').where('id', '=', id).executeTakeFirst())) throw new AppError('NOT_FOUND');
      }
      return { unread: await unreadOf(userId) };
    },
  };
}

export type Inbox = ReturnType<typeof createInbox>;

export async function pruneMessages(db: Kysely<Database>, now: number): Promise<void> {
  await db.deleteFrom('user_messages').where('created_at', '<', now - KEEP_MESSAGES_MS).execute();
}
