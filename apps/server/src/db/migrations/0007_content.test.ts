import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { ensureFirstContent } from '../../modules/content/first-content.js';
import { textIn } from '../../modules/content/texts.js';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.js';
import { migrateToLatest } from '../migrate.js';
import type { Database } from '../schema.js';

/*
 * An installation from before content had its own table kept the
 * registration agreement as a setting: after 0007 it is the agreement the
 * content calls serve, with its translations, and going back down puts it
 * where the code before reads it.
 */

const SAVED_AT = 1_760_000_000_000;
const STORED = {
  title: 'Our terms',
  content: '<h2>Terms</h2><p>Play fair.</p>',
  translations: { ar: { title: 'شروطنا', content: '<p>العب بعدل.</p>' }, 'zh-CN': { title: '我们的条款', content: '<p>公平游戏。</p>' } },
};

const settingRows = (db: Kysely<Database>) => sql<{ key: string; value: string; updated_at: number | string }>`select key, value, updated_at from settings order by key`.execute(db);
const CONTENT_TABLES = ['content_items', 'content_reads', 'feedback'];
/** Which of the content tables this database has (a query on a missing one fails). */
async function contentTables(database: TestDatabase): Promise<string[]> {
  const found = await Promise.all(CONTENT_TABLES.map((table) => sql`select 1 from ${sql.table(table)} where 1 = 0`.execute(database.db).then(() => table, () => null)));
  return found.filter((table) => table !== null);
}

describe('0007_content with an agreement stored as a setting', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('0006_game_operations');
    await sql`insert into settings (key, value, updated_at) values ('agreement', ${JSON.stringify(STORED)}, ${SAVED_AT}), ('displayName', '"My Wallet"', ${SAVED_AT})`.execute(database.db);
    await migrateToLatest(database);
  });
  afterAll(() => database.destroy());

  it('makes the stored agreement the content item, with its text and translations, and drops the setting', async () => {
    const rows = await database.db.selectFrom('content_items').selectAll().execute();
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect({ ...row, publish_at: Number(row!.publish_at), created_at: Number(row!.created_at), updated_at: Number(row!.updated_at) }).toEqual({
      id: 'agreement',
      kind: 'agreement',
      title: STORED.title,
      content: STORED.content,
      cover: null,
      link: null,
      publish_at: 0,
      expires_at: null,
      pinned: 0,
      ticker: 0,
      sort: 0,
      translations: expect.any(String),
      created_at: SAVED_AT,
      updated_at: SAVED_AT,
      deleted_at: null,
    });
    expect(JSON.parse(row!.translations)).toEqual(STORED.translations);
    expect(textIn(row!, 'ar', [])).toEqual(STORED.translations.ar);
    expect(textIn(row!, 'de', [])).toEqual({ title: STORED.title, content: STORED.content });

    const settings = (await settingRows(database.db)).rows;
    expect(settings.map((s) => s.key)).toEqual(['displayName']);
    expect(settings[0]!.value).toBe('"My Wallet"');
  });

  it('keeps that agreement when the server starts, which adds the rest of the first content', async () => {
    const created = await ensureFirstContent(database.db, SAVED_AT + 1);
    expect(created).not.toContain('agreement');
    expect(created).toContain('welcome');
    const agreement = await database.db.selectFrom('content_items').selectAll().where('kind', '=', 'agreement').execute();
    expect(agreement.map((r) => [r.id, r.title])).toEqual([['agreement', STORED.title]]);
  });

  it('goes back down: the agreement, as changed since, is a setting again and the tables are gone; and up again', async () => {
    await database.db.updateTable('content_items').set({ title: 'Changed terms', updated_at: SAVED_AT + 5 }).where('id', '=', 'agreement').execute();
    await migrateToLatest(database, '0006_game_operations');

    expect(await contentTables(database)).toEqual([]);
    const settings = (await settingRows(database.db)).rows;
    expect(settings.map((s) => s.key)).toEqual(['agreement', 'displayName']);
    expect(JSON.parse(settings[0]!.value)).toEqual({ ...STORED, title: 'Changed terms' });
    expect(Number(settings[0]!.updated_at)).toBe(SAVED_AT + 5);

    await migrateToLatest(database);
    expect(await contentTables(database)).toEqual(CONTENT_TABLES);
    const [row] = await database.db.selectFrom('content_items').selectAll().execute();
    expect(row).toMatchObject({ id: 'agreement', title: 'Changed terms' });
    expect(JSON.parse(row!.translations)).toEqual(STORED.translations);
    expect((await settingRows(database.db)).rows.map((s) => s.key)).toEqual(['displayName']);
  });
});

describe('0007_content on an installation that never stored an agreement', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('0006_game_operations');
    await migrateToLatest(database);
  });
  afterAll(() => database.destroy());

  it('adds no agreement itself: the first start writes the default one', async () => {
    expect(await database.db.selectFrom('content_items').selectAll().execute()).toEqual([]);
    expect(await ensureFirstContent(database.db, SAVED_AT)).toEqual(['welcome', 'welcome-banner', 'about', 'agreement']);
    const agreement = await database.db.selectFrom('content_items').selectAll().where('id', '=', 'agreement').executeTakeFirstOrThrow();
    expect(textIn(agreement, 'en', []).title).toBe('User agreement');
    expect(textIn(agreement, 'zh-CN', []).title).toBe('用户协议');
  });

  it('goes down with nothing to put back', async () => {
    await database.db.deleteFrom('content_items').execute();
    await migrateToLatest(database, '0006_game_operations');
    expect(await contentTables(database)).toEqual([]);
    expect((await settingRows(database.db)).rows.map((s) => s.key)).toEqual([]);
  });
});
