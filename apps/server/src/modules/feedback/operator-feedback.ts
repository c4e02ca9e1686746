import type { Kysely } from 'kysely';
import type { CallInput, listFeedback, replyFeedback } from '@wallet/contract';
import type { Database, FeedbackTable } from '../../db/schema.js';
import { offsetOf, pageOf } from '../../db/page.js';
import { AppError } from '../../errors.js';
import { recordAudit } from '../../audit/record-audit.js';
import { writeMessages } from '../messages/index.js';
import type { UploadLinks } from '../uploads/index.js';
import { feedbackOf, withImageLinks } from './feedback.js';

type Row = FeedbackTable & { username: string };

const operatorFeedbackOf = (row: Row) => ({ ...feedbackOf(row), userId: row.user_id, username: row.username, repliedBy: row.replied_by });

/** Only support and admins reach these calls: the pictures come as links signed for them. */
export function createOperatorFeedback(db: Kysely<Database>, links: UploadLinks) {
  const withUser = (trx: Kysely<Database>) =>
    trx.selectFrom('feedback').innerJoin('users', 'users.id', 'feedback.user_id').selectAll('feedback').select('users.username');

  return {
    /** Unanswered: oldest first, the order they wait in; otherwise newest first. */
    async list(input: CallInput<typeof listFeedback>, now: number) {
      const filtered = () => {
        const query = withUser(db);
        if (input.answered === undefined) return query;
        return query.where('feedback.reply', input.answered ? 'is not' : 'is', null);
      };
      const direction = input.answered === false ? 'asc' : 'desc';
      const [rows, total] = await Promise.all([
        filtered().orderBy('feedback.created_at', direction).orderBy('feedback.id').limit(input.pageSize).offset(offsetOf(input)).execute(),
        filtered().clearSelect().select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return pageOf(rows.map((row) => withImageLinks(operatorFeedbackOf(row), links, now)), total.n, input);
    },

    /** A new reply replaces the last one and is unread for the user again. */
    async reply(operatorId: string, input: CallInput<typeof replyFeedback>, now: number) {
      return db.transaction().execute(async (trx) => {
        const before = await withUser(trx).where('feedback.id', '=', input.id).executeTakeFirst();
        if (!before) throw new AppError('NOT_FOUND');
        await trx.updateTable('feedback').set({ reply: input.reply, replied_at: now, replied_by: operatorId, reply_seen: 0 }).where('id', '=', input.id).execute();
        const after = operatorFeedbackOf({ ...before, reply: input.reply, replied_at: now, replied_by: operatorId, reply_seen: 0 });
        await recordAudit(trx, { operatorId, action: 'feedback/reply', target: `feedback:${input.id}`, before: operatorFeedbackOf(before), after }, now);
        await writeMessages(trx, [{ userId: before.user_id, ref: input.id, kind: 'feedback_reply', params: { reply: input.reply } }], now);
        return withImageLinks(after, links, now);
      });
    },
  };
}

export type OperatorFeedback = ReturnType<typeof createOperatorFeedback>;
