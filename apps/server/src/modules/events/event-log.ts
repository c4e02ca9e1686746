import { sql, type Kysely } from 'kysely';
import { formatMoney, type LiveEventData, type LiveEventType } from '@wallet/contract';
import type { Database } from '../../db/schema.js';
import { balancesFrom } from '../../ledger/accounts.js';

/** An event as the log keeps it and a stream sends it. */
export interface LiveEvent {
  id: number;
  type: LiveEventType;
  /** Null: for every user. */
  userId: string | null;
  data: unknown;
}

type WithoutBalance<T> = Omit<T, 'balance' | 'freeze' | 'coin'>;

/** What a producer writes; the user's balance after the movement is read here, in the producer's transaction. */
export type EventDraft =
  | { type: 'period'; data: LiveEventData<'period'>; onceKey?: string }
  | { type: 'notice'; data: LiveEventData<'notice'>; onceKey?: string }
  | { type: 'settled'; userId: string; data: WithoutBalance<LiveEventData<'settled'>> }
  | { type: 'balance'; userId: string; data: WithoutBalance<LiveEventData<'balance'>> };

/** How far the log goes: ids up to `lastId` have committed; those up to `prunedThrough` are gone. */
export interface LogBounds {
  lastId: number;
  prunedThrough: number;
}

/** Events are kept this long; a reconnect is promised 5 minutes, the rest is margin for clocks and slow rounds. */
export const KEEP_EVENTS_MS = 10 * 60 * 1000;
const ROWS_PER_STATEMENT = 500;
const READ_PAGE = 1000;

const chunks = <T>(items: T[], size: number) => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

async function balancesAfter(trx: Kysely<Database>, userIds: string[]) {
  const rows = [];
  for (const chunk of chunks(userIds, ROWS_PER_STATEMENT)) {
    rows.push(...(await trx.selectFrom('ledger_accounts').select(['user_id', 'kind', 'balance']).where('user_id', 'in', chunk).execute()));
  }
  const byUser = new Map<string, { kind: string; balance: number }[]>();
  for (const row of rows) byUser.set(row.user_id!, [...(byUser.get(row.user_id!) ?? []), row]);
  return (userId: string) => {
    const balances = balancesFrom(byUser.get(userId) ?? []);
    return { balance: formatMoney(balances.available), freeze: formatMoney(balances.frozen), coin: balances.coin };
  };
}

/**
 * Writes events in the caller's transaction, so an event exists exactly when
 * its change committed. Their ids come from one sequence row taken last in
 * the transaction: another writer waits for this commit before it gets the
 * next ids, so ids grow in the order events become visible, and a reader
 * that has seen id n has seen every event before it.
 */
export async function writeEvents(trx: Kysely<Database>, drafts: EventDraft[], now: number): Promise<void> {
  if (drafts.length === 0) return;
  const users = [...new Set(drafts.flatMap((draft) => ('userId' in draft ? [draft.userId] : [])))];
  const balanceOf = await balancesAfter(trx, users);
  const { last_id: lastId } = await trx
    .updateTable('live_event_sequence')
    .set({ last_id: sql<number>`last_id + ${drafts.length}` })
    .where('id', '=', 1)
    .returning('last_id')
    .executeTakeFirstOrThrow();
  const firstId = Number(lastId) - drafts.length + 1;
  const rows = drafts.map((draft, index) => ({
    id: firstId + index,
    type: draft.type,
    created_at: now,
    ...('userId' in draft
      ? { user_id: draft.userId, data: JSON.stringify({ ...draft.data, ...balanceOf(draft.userId) }), once_key: null }
      : { user_id: null, data: JSON.stringify(draft.data), once_key: draft.onceKey ?? null }),
  }));
  for (const chunk of chunks(rows, ROWS_PER_STATEMENT)) {
    await trx
      .insertInto('live_events')
      .values(chunk)
      .onConflict((oc) => oc.column('once_key').doNothing())
      .execute();
  }
}

/** Whether an event written once under this key is in the log. */
export async function isWritten(db: Kysely<Database>, onceKey: string): Promise<boolean> {
  return (await db.selectFrom('live_events').select('id').where('once_key', '=', onceKey).executeTakeFirst()) !== undefined;
}

export async function logBounds(db: Kysely<Database>): Promise<LogBounds> {
  const row = await db.selectFrom('live_event_sequence').select(['last_id', 'pruned_through']).where('id', '=', 1).executeTakeFirstOrThrow();
  return { lastId: Number(row.last_id), prunedThrough: Number(row.pruned_through) };
}

const eventOf = (row: { id: number; type: LiveEventType; user_id: string | null; data: string }): LiveEvent => ({
  id: Number(row.id),
  type: row.type,
  userId: row.user_id,
  data: JSON.parse(row.data) as unknown,
});

/** Every user's events after `afterId`, oldest first, a page at a time. */
export async function eventsAfter(db: Kysely<Database>, afterId: number): Promise<LiveEvent[]> {
  const rows = await db.selectFrom('live_events').select(['id', 'type', 'user_id', 'data']).where('id', '>', afterId).orderBy('id').limit(READ_PAGE).execute();
  return rows.map(eventOf);
}

/** One user's events (theirs and everyone's) after `afterId`, oldest first. */
export async function userEventsAfter(db: Kysely<Database>, userId: string, afterId: number): Promise<LiveEvent[]> {
  const events: LiveEvent[] = [];
  for (let from = afterId; ; ) {
    const rows = await db
      .selectFrom('live_events')
      .select(['id', 'type', 'user_id', 'data'])
      .where('id', '>', from)
      .where((eb) => eb.or([eb('user_id', '=', userId), eb('user_id', 'is', null)]))
      .orderBy('id')
      .limit(READ_PAGE)
      .execute();
    events.push(...rows.map(eventOf));
    if (rows.length < READ_PAGE) return events;
    from = Number(rows[rows.length - 1]!.id);
  }
}

/** Deletes events past keeping and tickets past use; remembers how far, so a reconnect from before it starts afresh. */
export async function pruneEvents(db: Kysely<Database>, now: number): Promise<void> {
  const { last } = await db
    .selectFrom('live_events')
    .select((eb) => eb.fn.max('id').as('last'))
    .where('created_at', '<', now - KEEP_EVENTS_MS)
    .executeTakeFirstOrThrow();
  if (last !== null && last !== undefined) {
    const through = Number(last);
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('live_event_sequence').set({ pruned_through: through }).where('id', '=', 1).where('pruned_through', '<', through).execute();
      await trx.deleteFrom('live_events').where('id', '<=', through).execute();
    });
  }
  await db.deleteFrom('event_tickets').where('expires_at', '<', now - KEEP_EVENTS_MS).execute();
}
