import type { ContentKind, Language } from '@wallet/contract';
import type { ContentItemsTable } from '../../db/schema.js';
import { sanitizeHtml } from './sanitize-html.js';

export interface ContentText {
  title: string;
  content: string;
}

export type Translations = Partial<Record<Language, ContentText>>;

export const translationsOf = (row: Pick<ContentItemsTable, 'translations'>): Translations => JSON.parse(row.translations) as Translations;

/** The caller's language when the operator wrote one, else the default text; sanitised again as it leaves. */
export function textIn(row: ContentItemsTable, lang: Language, imageHosts: readonly string[]): ContentText {
  const text = translationsOf(row)[lang] ?? { title: row.title, content: row.content };
  return { title: text.title, content: sanitizeHtml(text.content, imageHosts) };
}

/** A content item as operators see it. */
export function contentItemOf(row: ContentItemsTable) {
  return {
    id: row.id,
    kind: row.kind as ContentKind,
    title: row.title,
    content: row.content,
    cover: row.cover,
    link: row.link,
    publishAt: Number(row.publish_at),
    expiresAt: row.expires_at === null ? null : Number(row.expires_at),
    pinned: row.pinned === 1,
    ticker: row.ticker === 1,
    sort: row.sort,
    translations: translationsOf(row),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}
