import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { FEEDBACK_PER_DAY, type CallInput, type myFeedback, type submitFeedback } from '@wallet/contract';
import type { Database, FeedbackTable } from '../../db/schema.js';
import { offsetOf, pageOf } from '../../db/page.js';
import { AppError } from '../../errors.js';
import { isOwnUpload, type UploadLinks } from '../uploads/index.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export function feedbackOf(row: FeedbackTable) {
  return {
    id: row.id,
    email: row.email,
    content: row.content,
    images: JSON.parse(row.images) as string[],
    createdAt: Number(row.created_at),
    reply: row.reply,
    repliedAt: row.replied_at === null ? null : Number(row.replied_at),
  };
}

/** The pictures are stored as their uploads' paths and handed out as links signed for whoever asked: the sender or support. */
export function withImageLinks<F extends { images: string[] }>(feedback: F, links: UploadLinks, now: number): F {
  return { ...feedback, images: feedback.images.map((url) => links.sign(url, now)) };
}

export async function unreadReplies(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('feedback')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .where('reply', 'is not', null)
    .where('reply_seen', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

type SubmitInput = CallInput<typeof submitFeedback>;

/** A retried request gets the first answer; the same requestId with other fields is a conflict, not a second feedback. */
function answerToRetry(first: FeedbackTable, input: SubmitInput) {
  const same = first.email === input.email && first.content === input.content && first.images === JSON.stringify(input.images);
  if (!same) throw new AppError('REQUEST_CONFLICT');
  return feedbackOf(first);
}

/**
 * The day's five are counted from the stored feedback under a per-user lock,
 * so a retry or a refusal never counts and parallel submits cannot pass five
 * (a counter outside the transaction cannot tell a retry that lost the race
 * from a new feedback).
 */
export function createFeedbackService(db: Kysely<Database>, links: UploadLinks) {
  return {
    async submit(userId: string, input: SubmitInput, now: number) {
      for (const [index, url] of input.images.entries()) {
        if (!(await isOwnUpload(db, userId, url))) throw AppError.field(`images.${index}`, 'IMAGE_UNKNOWN');
      }
      return db.transaction().execute(async (trx) => {
        // One submission of a user at a time: the retry check and the day's count below read what the others wrote.
        await trx.updateTable('users').set((eb) => ({ updated_at: eb.ref('updated_at') })).where('id', '=', userId).execute();
        if (input.requestId) {
          const first = await trx.selectFrom('feedback').selectAll().where('user_id', '=', userId).where('request_id', '=', input.requestId).executeTakeFirst();
          if (first) return withImageLinks(answerToRetry(first, input), links, now);
        }
        const lastDay = await trx
          .selectFrom('feedback')
          .select('created_at')
          .where('user_id', '=', userId)
          .where('created_at', '>', now - DAY_MS)
          .orderBy('created_at', 'desc')
          .limit(FEEDBACK_PER_DAY)
          .execute();
        if (lastDay.length >= FEEDBACK_PER_DAY) {
          const freeAt = Number(lastDay[FEEDBACK_PER_DAY - 1]!.created_at) + DAY_MS;
          throw new AppError('FEEDBACK_DAILY_LIMIT', { retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now) / 1000)) });
        }
        const row: FeedbackTable = {
          id: randomUUID(),
          user_id: userId,
          request_id: input.requestId ?? null,
          email: input.email,
          content: input.content,
          images: JSON.stringify(input.images),
          created_at: now,
          reply: null,
          replied_at: null,
          replied_by: null,
          reply_seen: 0,
        };
        await trx.insertInto('feedback').values(row).execute();
        return withImageLinks(feedbackOf(row), links, now);
      });
    },

    /** Newest first; replies shown now count as seen from the next call on. */
    async mine(userId: string, input: CallInput<typeof myFeedback>, now: number) {
      const own = db.selectFrom('feedback').where('user_id', '=', userId);
      const [rows, total] = await Promise.all([
        own.selectAll().orderBy('created_at', 'desc').orderBy('id').limit(input.pageSize).offset(offsetOf(input)).execute(),
        own.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      const unseen = rows.filter((row) => row.reply !== null && row.reply_seen === 0);
      if (unseen.length > 0) {
        await db
          .updateTable('feedback')
          .set({ reply_seen: 1 })
          .where('user_id', '=', userId)
          // A reply rewritten after this page was read stays unseen.
          .where((eb) => eb.or(unseen.map((row) => eb.and([eb('id', '=', row.id), eb('replied_at', '=', row.replied_at)]))))
          .execute();
      }
      const items = rows.map((row) => withImageLinks({ ...feedbackOf(row), replyUnread: row.reply !== null && row.reply_seen === 0 }, links, now));
      return pageOf(items, total.n, input);
    },
  };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;
