import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { KEEP_EVENTS_MS, type LiveEvents } from '../events/index.js';

/** How often each instance looks for notices that have just become visible. */
export const NOTICE_ROUND_MS = 2_000;

/**
 * Notices saved for later whose publishAt has come since a stream could last
 * resume, told to open apps once: a save announces one visible at once (and
 * the first start's notices are no news); one published for later is
 * announced here, when it appears in the list. Every instance runs
 * it; the event's once-key lets only the first write it, and the log carries
 * it to the streams of every instance.
 */
export async function announceDueNotices(db: Kysely<Database>, liveEvents: LiveEvents, now: number): Promise<void> {
  const due = await db
    .selectFrom('content_items')
    .select(['id', 'publish_at'])
    .where('kind', '=', 'notice')
    .where('deleted_at', 'is', null)
    .where('publish_at', '<=', now)
    .where('publish_at', '>', now - KEEP_EVENTS_MS)
    .where((eb) => eb('publish_at', '>', eb.ref('updated_at')))
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .where(sql<boolean>`not exists (select 1 from live_events e where e.once_key = 'notice:' || content_items.id)`)
    .orderBy('publish_at')
    .execute();
  if (due.length === 0) return;
  await db
    .transaction()
    .execute((trx) => liveEvents.write(trx, due.map((row) => ({ type: 'notice', data: { id: row.id, publishAt: Number(row.publish_at) }, onceKey: `notice:${row.id}` })), now));
  liveEvents.publish();
}
