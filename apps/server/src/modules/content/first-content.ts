import type { Kysely } from 'kysely';
import type { ContentKind } from '@wallet/contract';
import type { Database } from '../../db/schema.js';
import { FIRST_TEXTS } from './first-content-texts.js';
import type { Translations } from './texts.js';

interface FirstItem {
  id: string;
  kind: ContentKind;
  title: string;
  content: string;
  link?: string;
  pinned?: boolean;
  ticker?: boolean;
  translations: Translations;
}

/** PRODUCT §11: a welcome notice (also the ticker) and one banner, with the about page and the agreement, in every language. */
const FIRST_CONTENT: FirstItem[] = [
  { id: 'welcome', kind: 'notice', ...FIRST_TEXTS.welcome, pinned: true, ticker: true },
  { id: 'welcome-banner', kind: 'banner', ...FIRST_TEXTS.banner, link: 'notice:welcome' },
  { id: 'about', kind: 'about', ...FIRST_TEXTS.about },
  { id: 'agreement', kind: 'agreement', ...FIRST_TEXTS.agreement },
];

/** Safe on every start: an item once written (even if removed since) is never written again. */
export async function ensureFirstContent(db: Kysely<Database>, now: number): Promise<string[]> {
  const created: string[] = [];
  for (const item of FIRST_CONTENT) {
    const result = await db
      .insertInto('content_items')
      .values({
        id: item.id,
        kind: item.kind,
        title: item.title,
        content: item.content,
        cover: null,
        link: item.link ?? null,
        publish_at: now,
        expires_at: null,
        pinned: item.pinned ? 1 : 0,
        ticker: item.ticker ? 1 : 0,
        sort: 0,
        translations: JSON.stringify(item.translations),
        created_at: now,
        updated_at: now,
        deleted_at: null,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0n) === 1) created.push(item.id);
  }
  return created;
}
