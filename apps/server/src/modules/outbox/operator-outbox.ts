import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { offsetOf, pageOf, type PageRequest } from '../../db/page.js';

/** The messages kept for the console when no provider sends them. */
export function createOperatorOutbox(db: Kysely<Database>) {
  return {
    async list(input: PageRequest) {
      const [rows, count] = await Promise.all([
        db.selectFrom('outbox').selectAll().orderBy('created_at', 'desc').orderBy('id').limit(input.pageSize).offset(offsetOf(input)).execute(),
        db.selectFrom('outbox').select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
      ]);
      const items = rows.map((row) => ({
        id: row.id,
        channel: row.channel,
        target: row.target,
        subject: row.subject,
        body: row.body,
        createdAt: row.created_at,
      }));
      return pageOf(items, count.total, input);
    },
  };
}

export type OperatorOutbox = ReturnType<typeof createOperatorOutbox>;
