import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { ContentKind, Language } from '@wallet/contract';
import type { ContentItemsTable, Database } from '../../db/schema.js';
import { offsetOf, pageOf, type PageRequest } from '../../db/page.js';
import { AppError } from '../../errors.js';
import type { PeriodReads } from '../game/index.js';
import { unreadReplies } from '../feedback/index.js';
import { plainSummary } from './sanitize-html.js';
import { textIn, type ContentText } from './texts.js';

/** An ended activity stays listed this long, marked ended, so people can still read what it was. */
export const ENDED_ACTIVITY_SHOWN_MS = 30 * 24 * 60 * 60 * 1000;
const HOME_BANNERS = 10;
const HOME_TICKER = 10;

type ItemQuery = SelectQueryBuilder<Database, 'content_items', object>;

/** Published and not removed; `shownAfterEnd` keeps items listed that long past their expiry. */
function visible(db: Kysely<Database>, kind: ContentKind, now: number, shownAfterEnd = 0): ItemQuery {
  return db
    .selectFrom('content_items')
    .where('kind', '=', kind)
    .where('deleted_at', 'is', null)
    .where('publish_at', '<=', now)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now - shownAfterEnd)]));
}

const inListOrder = (query: ItemQuery) => query.orderBy('pinned', 'desc').orderBy('sort').orderBy('publish_at', 'desc').orderBy('id');

function listItem(row: ContentItemsTable, text: ContentText) {
  return { id: row.id, title: text.title, summary: plainSummary(text.content), cover: row.cover, pinned: row.pinned === 1, publishAt: Number(row.publish_at) };
}

function activityState(row: ContentItemsTable, now: number) {
  const expiresAt = row.expires_at === null ? null : Number(row.expires_at);
  return { expiresAt, state: expiresAt !== null && expiresAt <= now ? ('ended' as const) : ('running' as const) };
}

function documentOf(row: ContentItemsTable, text: ContentText) {
  return { id: row.id, title: text.title, content: text.content, cover: row.cover, publishAt: Number(row.publish_at) };
}

export function createPublicContent(db: Kysely<Database>, periods: PeriodReads, imageHosts: readonly string[]) {
  const textOf = (row: ContentItemsTable, lang: Language) => textIn(row, lang, imageHosts);

  async function unreadNotices(userId: string, now: number): Promise<number> {
    const row = await visible(db, 'notice', now)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('content_reads').select('content_id').where('user_id', '=', userId).whereRef('content_id', '=', 'content_items.id'))),
      )
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async function single(kind: 'about' | 'agreement', lang: Language) {
    const row = await db.selectFrom('content_items').selectAll().where('kind', '=', kind).where('deleted_at', 'is', null).orderBy('updated_at', 'desc').executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND');
    const { title, content } = textOf(row, lang);
    return { title, content };
  }

  return {
    async home(userId: string | null, lang: Language, now: number) {
      const [banners, ticker, projects, unread, replies] = await Promise.all([
        visible(db, 'banner', now).selectAll().orderBy('sort').orderBy('publish_at', 'desc').orderBy('id').limit(HOME_BANNERS).execute(),
        inListOrder(visible(db, 'notice', now).where('ticker', '=', 1)).selectAll().limit(HOME_TICKER).execute(),
        periods.home(now, lang),
        userId ? unreadNotices(userId, now) : undefined,
        userId ? unreadReplies(db, userId) : undefined,
      ]);
      return {
        banners: banners.map((row) => ({ id: row.id, title: textOf(row, lang).title, cover: row.cover, link: row.link })),
        ticker: ticker.map((row) => ({ id: row.id, title: textOf(row, lang).title })),
        projects,
        serverTime: now,
        ...(userId ? { unread, unreadReplies: replies } : {}),
      };
    },

    async notices(userId: string | null, lang: Language, page: PageRequest, now: number) {
      const [rows, total] = await Promise.all([
        inListOrder(visible(db, 'notice', now)).selectAll().limit(page.pageSize).offset(offsetOf(page)).execute(),
        visible(db, 'notice', now).select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      const ids = rows.map((row) => row.id);
      const read =
        userId && ids.length > 0
          ? await db.selectFrom('content_reads').select('content_id').where('user_id', '=', userId).where('content_id', 'in', ids).execute()
          : [];
      const readIds = new Set(read.map((row) => row.content_id));
      const items = rows.map((row) => ({ ...listItem(row, textOf(row, lang)), unread: userId !== null && !readIds.has(row.id) }));
      return pageOf(items, total.n, page);
    },

    async notice(id: string, lang: Language, now: number) {
      const row = await visible(db, 'notice', now).selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) throw new AppError('NOT_FOUND');
      return documentOf(row, textOf(row, lang));
    },

    async activities(lang: Language, page: PageRequest, now: number) {
      const shown = () => visible(db, 'activity', now, ENDED_ACTIVITY_SHOWN_MS);
      const [rows, total] = await Promise.all([
        shown()
          .selectAll()
          // Running first: an activity without an end, or whose end is still to come.
          .orderBy((eb) => eb.case().when(eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)])).then(0).else(1).end())
          .orderBy('pinned', 'desc')
          .orderBy('sort')
          .orderBy('publish_at', 'desc')
          .orderBy('id')
          .limit(page.pageSize)
          .offset(offsetOf(page))
          .execute(),
        shown().select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return pageOf(rows.map((row) => ({ ...listItem(row, textOf(row, lang)), ...activityState(row, now) })), total.n, page);
    },

    async activity(id: string, lang: Language, now: number) {
      const row = await visible(db, 'activity', now, ENDED_ACTIVITY_SHOWN_MS).selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) throw new AppError('NOT_FOUND');
      return { ...documentOf(row, textOf(row, lang)), ...activityState(row, now) };
    },

    about: (lang: Language) => single('about', lang),
    agreement: (lang: Language) => single('agreement', lang),

    /** Marking twice is harmless; only a notice the user can see can be marked. */
    async read(userId: string, id: string, now: number) {
      const row = await visible(db, 'notice', now).select('id').where('id', '=', id).executeTakeFirst();
      if (!row) throw new AppError('NOT_FOUND');
      await db.insertInto('content_reads').values({ user_id: userId, content_id: id, read_at: now }).onConflict((oc) => oc.columns(['user_id', 'content_id']).doNothing()).execute();
      return { unread: await unreadNotices(userId, now) };
    },
  };
}

export type PublicContent = ReturnType<typeof createPublicContent>;
