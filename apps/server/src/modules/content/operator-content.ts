import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { HTTPS_URL_PATTERN, SINGLE_CONTENT_KINDS, isShownImageUrl, type CallInput, type ContentKind, type deleteContent, type listContent, type saveContent } from '@wallet/contract';
import type { ContentItemsTable, Database } from '../../db/schema.js';
import { offsetOf, pageOf } from '../../db/page.js';
import { AppError } from '../../errors.js';
import { recordAudit } from '../../audit/record-audit.js';
import type { LiveEvents } from '../events/index.js';
import { cleanHtml } from './sanitize-html.js';
import { contentItemOf, translationsOf, type Translations } from './texts.js';

type SaveInput = CallInput<typeof saveContent>;

const newContentId = () => randomBytes(9).toString('base64url');

/**
 * The HTML a save keeps, sanitised. An https image from a host the pages may
 * not load is refused, naming the field, rather than dropped unseen: the
 * operator meant it to show. Whatever else the allow-list drops goes quietly.
 */
function savedHtml(field: string, html: string, imageHosts: readonly string[]): string {
  const clean = cleanHtml(html, imageHosts);
  if (clean.refusedImages.some((src) => HTTPS_URL_PATTERN.test(src))) throw AppError.field(field, 'IMAGE_URL_RULE');
  return clean.html;
}

function sanitizedTranslations(translations: SaveInput['translations'], imageHosts: readonly string[]): Translations {
  const clean: Translations = {};
  for (const [language, text] of Object.entries(translations ?? {}) as [keyof Translations, { title: string; content: string }][]) {
    clean[language] = { title: text.title, content: savedHtml(`translations.${language}.content`, text.content, imageHosts) };
  }
  return clean;
}

/** Sent: the new value (null clears); not sent: what was there, or the default of a new item. */
const keptOr = <T>(sent: T | undefined, existing: T | undefined, fallback: T): T => (sent !== undefined ? sent : existing !== undefined ? existing : fallback);

/** The row a save writes: HTML sanitised once here, and again whenever it is served. */
function rowOf(input: SaveInput, existing: ContentItemsTable | undefined, id: string, now: number, imageHosts: readonly string[]): ContentItemsTable {
  if (input.cover != null && !isShownImageUrl(input.cover, imageHosts)) throw AppError.field('cover', 'IMAGE_URL_RULE');
  const publishAt = keptOr(input.publishAt, existing ? Number(existing.publish_at) : undefined, null) ?? now;
  const existingExpiry = existing ? (existing.expires_at === null ? null : Number(existing.expires_at)) : undefined;
  const expiresAt = keptOr(input.expiresAt, existingExpiry, null);
  if (expiresAt !== null && expiresAt <= publishAt) throw AppError.field('expiresAt', 'EXPIRY_ORDER');
  return {
    id,
    kind: input.kind,
    title: input.title,
    content: savedHtml('content', input.content, imageHosts),
    cover: keptOr(input.cover, existing?.cover, null),
    link: keptOr(input.link, existing?.link, null),
    publish_at: publishAt,
    expires_at: expiresAt,
    pinned: Number(keptOr(input.pinned, existing ? existing.pinned === 1 : undefined, false)),
    ticker: Number(keptOr(input.ticker, existing ? existing.ticker === 1 : undefined, false)),
    sort: keptOr(input.sort, existing?.sort, 0),
    translations: JSON.stringify(input.translations !== undefined ? sanitizedTranslations(input.translations, imageHosts) : existing ? translationsOf(existing) : {}),
    created_at: existing ? Number(existing.created_at) : now,
    updated_at: now,
    deleted_at: null,
  };
}

export function createOperatorContent(db: Kysely<Database>, imageHosts: readonly string[], liveEvents: LiveEvents) {
  const live = (trx: Kysely<Database>) => trx.selectFrom('content_items').selectAll().where('deleted_at', 'is', null);

  async function existingFor(trx: Kysely<Database>, input: SaveInput): Promise<ContentItemsTable | undefined> {
    if (input.id !== undefined) {
      const row = await live(trx).where('id', '=', input.id).executeTakeFirst();
      if (!row) throw new AppError('NOT_FOUND');
      if (row.kind !== input.kind) throw AppError.field('kind', 'INVALID_VALUE');
      return row;
    }
    if (!SINGLE_CONTENT_KINDS.includes(input.kind)) return undefined;
    return live(trx).where('kind', '=', input.kind).orderBy('updated_at', 'desc').executeTakeFirst();
  }

  /**
   * The about page or the agreement when there is none: its id is its kind, so
   * saves arriving at once write one row, not one each. A removed one is
   * written over; one written at this moment by another save is changed.
   */
  async function createSingle(trx: Kysely<Database>, input: SaveInput, now: number): Promise<{ existing: ContentItemsTable | undefined; row: ContentItemsTable }> {
    const row = rowOf(input, undefined, input.kind, now, imageHosts);
    const { id, ...fields } = row;
    const written = await trx
      .insertInto('content_items')
      .values(row)
      .onConflict((oc) => oc.column('id').doUpdateSet(fields).where('content_items.deleted_at', 'is not', null))
      .executeTakeFirst();
    if (Number(written.numInsertedOrUpdatedRows ?? 0n) === 1) return { existing: undefined, row };
    const existing = await live(trx).where('id', '=', id).executeTakeFirstOrThrow();
    return { existing, row: await update(trx, input, existing, now) };
  }

  async function update(trx: Kysely<Database>, input: SaveInput, existing: ContentItemsTable, now: number): Promise<ContentItemsTable> {
    const row = rowOf(input, existing, existing.id, now, imageHosts);
    const { id, ...changes } = row;
    await trx.updateTable('content_items').set(changes).where('id', '=', id).execute();
    return row;
  }

  async function write(trx: Kysely<Database>, input: SaveInput, now: number): Promise<{ existing: ContentItemsTable | undefined; row: ContentItemsTable }> {
    const existing = await existingFor(trx, input);
    if (existing) return { existing, row: await update(trx, input, existing, now) };
    if (SINGLE_CONTENT_KINDS.includes(input.kind)) return createSingle(trx, input, now);
    const row = rowOf(input, undefined, newContentId(), now, imageHosts);
    await trx.insertInto('content_items').values(row).execute();
    return { existing: undefined, row };
  }

  return {
    async save(operatorId: string, input: SaveInput, now: number) {
      const { after, published } = await db.transaction().execute(async (trx) => {
        const { existing, row } = await write(trx, input, now);
        const after = contentItemOf(row);
        await recordAudit(trx, { operatorId, action: 'content/save', target: `content:${row.id}`, before: existing ? contentItemOf(existing) : null, after }, now);
        // A notice shown from now on is told to open apps once; one published later is found in the list.
        const published = row.kind === 'notice' && Number(row.publish_at) <= now && (!existing || Number(existing.publish_at) > now);
        if (published) await liveEvents.write(trx, [{ type: 'notice', data: { id: row.id, publishAt: Number(row.publish_at) }, onceKey: `notice:${row.id}` }], now);
        return { after, published };
      });
      if (published) liveEvents.publish();
      return after;
    },

    async list(input: CallInput<typeof listContent>) {
      const filtered = (kind: ContentKind | undefined) => {
        const query = db.selectFrom('content_items').where('deleted_at', 'is', null);
        return kind ? query.where('kind', '=', kind) : query;
      };
      const [rows, total] = await Promise.all([
        filtered(input.kind).selectAll().orderBy('pinned', 'desc').orderBy('sort').orderBy('publish_at', 'desc').orderBy('id').limit(input.pageSize).offset(offsetOf(input)).execute(),
        filtered(input.kind).select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return pageOf(rows.map(contentItemOf), total.n, input);
    },

    /** Kept with a removal time: the audit log can still show it, and a first start never brings it back. */
    async remove(operatorId: string, input: CallInput<typeof deleteContent>, now: number) {
      await db.transaction().execute(async (trx) => {
        const row = await live(trx).where('id', '=', input.id).executeTakeFirst();
        if (!row) throw new AppError('NOT_FOUND');
        if (row.kind === 'agreement') throw new AppError('CONTENT_REQUIRED');
        const removed = await trx.updateTable('content_items').set({ deleted_at: now }).where('id', '=', row.id).where('deleted_at', 'is', null).executeTakeFirst();
        if (Number(removed.numUpdatedRows) === 0) throw new AppError('NOT_FOUND');
        await recordAudit(trx, { operatorId, action: 'content/delete', target: `content:${row.id}`, before: contentItemOf(row), after: null }, now);
      });
      return {};
    },
  };
}

export type OperatorContent = ReturnType<typeof createOperatorContent>;
