import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, OPERATOR_CALLS, type CallBody, type CallResult, type saveContent } from '@wallet/contract';
import { runFirstStart } from '../../first-start.js';
import { operatorOnClock, registerUser, startClockedServer, type ClockedServer, type RegisteredUser } from '../../testing/accounts.js';
import { callAs, errorOf, expectRefusal, operatorCallAs, type Caller } from '../../testing/typed-call.js';

/*
 * Notices, activities, banners, the about page and the agreement as a user and
 * an operator see them: the first start's texts, per-language fallback,
 * publish and expiry windows on a clock the test moves, unread marks per
 * user, and what operators may save and remove, audited.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type SaveFields = CallBody<typeof saveContent>;
type Item = CallResult<typeof saveContent>;

let server: ClockedServer;
let operator: () => Promise<string>;

/** The one host whose https images content may show in these tests (CONTENT_IMAGE_HOSTS). */
const IMAGE_HOST = 'cdn.example.com';

beforeAll(async () => {
  server = await startClockedServer({ CONTENT_IMAGE_HOSTS: IMAGE_HOST });
  operator = operatorOnClock(server);
});
afterAll(() => server.close());

let counter = 0;
const unique = (what: string) => `${what} ${(counter += 1)}`;

function saveAnswer(fields: SaveFields) {
  return operator().then((token) => operatorCallAs(server, token, OPERATOR_CALLS.saveContent, fields));
}

async function save(fields: SaveFields): Promise<Item> {
  const answer = await saveAnswer(fields);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}

const publishNotice = (fields: Partial<SaveFields> = {}) => save({ kind: 'notice', title: unique('Notice'), content: '<p>Text</p>', ...fields });

async function remove(id: string) {
  return operatorCallAs(server, await operator(), OPERATOR_CALLS.deleteContent, { id });
}

async function allOf<T>(read: (page: number) => Promise<{ items: T[]; total: number }>): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await read(page);
    items.push(...answer.items);
    if (items.length >= answer.total || answer.items.length === 0) return items;
  }
}

async function notices(caller: Caller = null, lang = 'en') {
  return allOf(async (page) => {
    const answer = await callAs(server, caller, CALLS.noticeList, { page, pageSize: 50 }, { lang });
    expect(answer.status).toBe(200);
    return answer.body.data;
  });
}

async function activities(lang = 'en') {
  return allOf(async (page) => {
    const answer = await callAs(server, null, CALLS.noticeActivities, { page, pageSize: 50 }, { lang });
    expect(answer.status).toBe(200);
    return answer.body.data;
  });
}

async function home(caller: Caller = null, lang = 'en') {
  const answer = await callAs(server, caller, CALLS.noticeHome, {}, { lang });
  expect(answer.status).toBe(200);
  return answer.body.data;
}

const detail = (id: string, lang = 'en') => callAs(server, null, CALLS.noticeDetail, { id }, { lang });
const activity = (id: string, lang = 'en') => callAs(server, null, CALLS.noticeActivity, { id }, { lang });
const read = (user: RegisteredUser, id: string) => callAs(server, user, CALLS.noticeRead, { id });

async function contentList(kind?: Item['kind']) {
  const token = await operator();
  return allOf(async (page) => {
    const answer = await operatorCallAs(server, token, OPERATOR_CALLS.content, { ...(kind ? { kind } : {}), page, pageSize: 50 });
    expect(answer.status).toBe(200);
    return answer.body.data;
  });
}

async function auditOf(action: string, target: string) {
  const answer = await operatorCallAs(server, await operator(), OPERATOR_CALLS.audit, { page: 1, pageSize: 50 });
  expect(answer.status).toBe(200);
  return answer.body.data.items.filter((entry) => entry.action === action && entry.target === target);
}

/** What no HTML a user gets may hold: a script, a style, an event handler, a URL that runs code. */
function expectHarmless(html: string): void {
  expect(html).not.toMatch(/<\s*\/?\s*(script|style|iframe|object|embed|svg|math|form|meta|base)/i);
  const tags = (html.match(/<[^>]*>/g) ?? []).map((tag) => tag.replace(/"[^"]*"/g, '""')).join(' ');
  expect(tags).not.toMatch(/\s(on[a-z]+|style|srcset)\s*=/i);
  expect(html).not.toMatch(/\s(href|src)\s*=\s*"?\s*(javascript|vbscript|data):/i);
}

describe('the first start’s content', () => {
  it('shows the welcome notice pinned, in the ticker and behind the banner, in English and in Chinese', async () => {
    const english = await home(null, 'en');
    expect(english.ticker).toContainEqual({ id: 'welcome', title: 'Welcome' });
    expect(english.banners).toContainEqual({ id: 'welcome-banner', title: expect.stringMatching(/fair/i), cover: null, link: 'notice:welcome' });
    expect(english).not.toHaveProperty('unread');
    expect(english).not.toHaveProperty('unreadReplies');
    expect(english.serverTime).toBe(server.clock.now());

    const chinese = await home(null, 'zh-CN');
    expect(chinese.ticker).toContainEqual({ id: 'welcome', title: '欢迎' });
    const banner = chinese.banners.find((b) => b.id === 'welcome-banner')!;
    expect(banner.title).toMatch(/[\u4e00-\u9fff]/);
    expect(banner.link).toBe('notice:welcome');

    const [first] = await notices(null, 'en');
    expect(first).toMatchObject({ id: 'welcome', title: 'Welcome', pinned: true, unread: false, cover: null });
    expect(first!.summary).toMatch(/^Welcome! /);
    expect(first!.summary).not.toMatch(/[<>]/);
    expect((await notices(null, 'zh-CN'))[0]).toMatchObject({ id: 'welcome', title: '欢迎', summary: expect.stringMatching(/^欢迎！/) });

    const welcome = await detail('welcome', 'en');
    expect(welcome.status).toBe(200);
    expect(welcome.body.data).toMatchObject({ id: 'welcome', title: 'Welcome', content: expect.stringContaining('<p>Welcome!') });
    expect((await detail('welcome', 'zh-CN')).body.data.content).toContain('<p>欢迎！');
  });

  it('has an about page and a registration agreement in English and in Chinese', async () => {
    const about = await callAs(server, null, CALLS.noticeAbout, {}, { lang: 'en' });
    expect(about.body.data).toMatchObject({ title: 'About us', content: expect.stringMatching(/^<p>We run a wallet/) });
    expect((await callAs(server, null, CALLS.noticeAbout, {}, { lang: 'zh-CN' })).body.data.title).toBe('关于我们');

    const agreement = await callAs(server, null, CALLS.regAgreement, {}, { lang: 'en' });
    expect(agreement.body.data).toMatchObject({ title: 'User agreement', content: expect.stringContaining('<h2>Terms of use</h2>') });
    const chinese = await callAs(server, null, CALLS.regAgreement, {}, { lang: 'zh-CN' });
    expect(chinese.body.data).toMatchObject({ title: '用户协议', content: expect.stringContaining('<h2>使用条款</h2>') });
  });
});

describe('texts in the caller’s language, else the default', () => {
  const AR = { title: 'إشعار بالعربية', content: '<p>نص عربي</p>' };
  const DEFAULT = { title: 'Notice in English', content: '<p>English text</p>' };
  const translations = { ar: AR, 'zh-CN': { title: '中文通知', content: '<p>中文</p>' } };
  let notice: Item;
  let activityItem: Item;
  let banner: Item;

  beforeAll(async () => {
    notice = await publishNotice({ ...DEFAULT, ticker: true, translations });
    activityItem = await save({ kind: 'activity', ...DEFAULT, translations });
    banner = await save({ kind: 'banner', ...DEFAULT, content: '', link: `notice:${notice.id}`, translations: { ar: { title: AR.title, content: '' } } });
  });

  it.each([
    ['ar', AR],
    ['ar-EG,ar;q=0.9', AR],
    ['de', DEFAULT],
    ['de-DE,fr;q=0.5', DEFAULT],
    ['xx', DEFAULT],
  ])('notice list and detail asked in %s', async (lang, expected) => {
    expect((await notices(null, lang)).find((n) => n.id === notice.id)).toMatchObject({ title: expected.title, summary: expected.content.replace(/<[^>]+>/g, '') });
    expect((await detail(notice.id, lang)).body.data).toMatchObject(expected);
  });

  it.each([
    ['ar', AR],
    ['de', DEFAULT],
  ])('activities, the home page’s banners and ticker asked in %s', async (lang, expected) => {
    expect((await activities(lang)).find((a) => a.id === activityItem.id)).toMatchObject({ title: expected.title, state: 'running' });
    expect((await activity(activityItem.id, lang)).body.data).toMatchObject(expected);
    const page = await home(null, lang);
    expect(page.banners.find((b) => b.id === banner.id)?.title).toBe(expected.title);
    expect(page.ticker.find((t) => t.id === notice.id)?.title).toBe(expected.title);
  });

  it('about and the registration agreement, once the operator writes them in Arabic', async () => {
    const about = await save({ kind: 'about', title: 'About the company', content: '<p>Who we are</p>', translations: { ar: { title: 'من نحن', content: '<p>عنا</p>' } } });
    expect(about.id).toBe('about');
    const agreement = await save({ kind: 'agreement', title: 'Terms', content: '<p>The terms</p>', translations: { ar: { title: 'الشروط', content: '<p>البنود</p>' } } });
    expect(agreement.id).toBe('agreement');

    for (const [lang, expectedAbout, expectedAgreement] of [
      ['ar', { title: 'من نحن', content: '<p>عنا</p>' }, { title: 'الشروط', content: '<p>البنود</p>' }],
      ['de', { title: 'About the company', content: '<p>Who we are</p>' }, { title: 'Terms', content: '<p>The terms</p>' }],
      // A translation saved before is replaced by those sent with a change.
      ['zh-CN', { title: 'About the company', content: '<p>Who we are</p>' }, { title: 'Terms', content: '<p>The terms</p>' }],
    ] as const) {
      expect((await callAs(server, null, CALLS.noticeAbout, {}, { lang })).body.data, lang).toEqual(expectedAbout);
      expect((await callAs(server, null, CALLS.regAgreement, {}, { lang })).body.data, lang).toEqual(expectedAgreement);
    }
  });
});

describe('publish and expiry windows', () => {
  let user: RegisteredUser;
  beforeAll(async () => {
    user = await registerUser(server);
  });

  it('keeps a notice hidden until its publish time and gone after its expiry', async () => {
    const now = server.clock.now();
    const future = await publishNotice({ publishAt: now + HOUR, expiresAt: now + 3 * HOUR, ticker: true });
    const unreadBefore = (await home(user)).unread;

    const hidden = async () => {
      expect((await notices(user)).map((n) => n.id)).not.toContain(future.id);
      expectRefusal(await detail(future.id), 404, 'NOT_FOUND');
      expectRefusal(await read(user, future.id), 404, 'NOT_FOUND');
      const page = await home(user);
      expect(page.ticker.map((t) => t.id)).not.toContain(future.id);
      return page.unread;
    };
    expect(await hidden()).toBe(unreadBefore);

    server.clock.advance(HOUR - 1);
    expect(await hidden()).toBe(unreadBefore);

    server.clock.advance(1);
    expect((await notices(user)).find((n) => n.id === future.id)).toMatchObject({ unread: true, publishAt: now + HOUR });
    expect((await detail(future.id)).status).toBe(200);
    const page = await home(user);
    expect(page.ticker.map((t) => t.id)).toContain(future.id);
    expect(page.unread).toBe(unreadBefore! + 1);

    server.clock.advance(2 * HOUR);
    expect(await hidden()).toBe(unreadBefore);
  });

  it('shows a banner only between its publish time and its expiry', async () => {
    const now = server.clock.now();
    const banner = await save({ kind: 'banner', title: unique('Banner'), content: '', publishAt: now + MINUTE, expiresAt: now + 2 * MINUTE, cover: 'https://cdn.example.com/b.png' });
    const shown = async () => (await home()).banners.map((b) => b.id).includes(banner.id);
    expect(await shown()).toBe(false);
    server.clock.advance(MINUTE);
    expect(await shown()).toBe(true);
    expect((await home()).banners.find((b) => b.id === banner.id)).toEqual({ id: banner.id, title: banner.title, cover: 'https://cdn.example.com/b.png', link: null });
    server.clock.advance(MINUTE);
    expect(await shown()).toBe(false);
  });

  it('lists an ended activity as ended for 30 days, running ones first, then drops it', async () => {
    const now = server.clock.now();
    const ending = await save({ kind: 'activity', title: unique('Ending activity'), content: '<p>Soon over</p>', expiresAt: now + HOUR, pinned: true });
    const open = await save({ kind: 'activity', title: unique('Open activity'), content: '<p>No end</p>' });
    const later = await save({ kind: 'activity', title: unique('Later activity'), content: '<p>Not yet</p>', publishAt: now + 2 * HOUR });

    let listed = await activities();
    expect(listed.find((a) => a.id === ending.id)).toMatchObject({ state: 'running', expiresAt: now + HOUR, pinned: true });
    expect(listed.find((a) => a.id === open.id)).toMatchObject({ state: 'running', expiresAt: null });
    expect(listed.map((a) => a.id)).not.toContain(later.id);
    expectRefusal(await activity(later.id), 404, 'NOT_FOUND');

    server.clock.advance(2 * HOUR);
    listed = await activities();
    const states = listed.map((a) => a.state);
    expect(states.indexOf('ended')).toBeGreaterThan(states.lastIndexOf('running'));
    expect(listed.find((a) => a.id === ending.id)).toMatchObject({ state: 'ended' });
    expect(listed.find((a) => a.id === later.id)).toMatchObject({ state: 'running' });
    expect((await activity(ending.id)).body.data).toMatchObject({ id: ending.id, state: 'ended', content: '<p>Soon over</p>' });

    server.clock.advance(30 * DAY - 2 * HOUR);
    expect((await activities()).find((a) => a.id === ending.id)).toMatchObject({ state: 'ended' });
    server.clock.advance(HOUR);
    expect((await activities()).map((a) => a.id)).not.toContain(ending.id);
    expectRefusal(await activity(ending.id), 404, 'NOT_FOUND');
    expect((await activity(open.id)).body.data.state).toBe('running');
  });
});

describe('order of the lists', () => {
  it('lists pinned notices first, then by sort, then newest first', async () => {
    const a = await publishNotice({ sort: 5 });
    server.clock.advance(1000);
    const b = await publishNotice({ sort: 1 });
    server.clock.advance(1000);
    const c = await publishNotice({ sort: 9, pinned: true });
    server.clock.advance(1000);
    const d = await publishNotice({ sort: 1 });
    server.clock.advance(1000);
    const e = await publishNotice({ sort: -3 });
    const ours = new Set([a.id, b.id, c.id, d.id, e.id]);
    const listed = (await notices()).filter((n) => ours.has(n.id));
    expect(listed.map((n) => n.id)).toEqual([c.id, e.id, d.id, b.id, a.id]);
    const all = await notices();
    const firstUnpinned = all.findIndex((n) => !n.pinned);
    expect(all.slice(firstUnpinned).every((n) => !n.pinned)).toBe(true);

    const pageOne = await callAs(server, null, CALLS.noticeList, { page: 1, pageSize: 2 });
    const pageTwo = await callAs(server, null, CALLS.noticeList, { page: 2, pageSize: 2 });
    expect([...pageOne.body.data.items, ...pageTwo.body.data.items].map((n) => n.id)).toEqual(all.slice(0, 4).map((n) => n.id));
    expect(pageOne.body.data).toMatchObject({ total: all.length, page: 1, pageSize: 2 });
  });

  it('shows banners by their sort', async () => {
    const third = await save({ kind: 'banner', title: unique('Third'), content: '', sort: 30 });
    const first = await save({ kind: 'banner', title: unique('First'), content: '', sort: -30 });
    const second = await save({ kind: 'banner', title: unique('Second'), content: '', sort: 0, link: 'https://example.com/promo' });
    const ours = new Set([first.id, second.id, third.id]);
    const shown = (await home()).banners.filter((b) => ours.has(b.id));
    expect(shown.map((b) => b.id)).toEqual([first.id, second.id, third.id]);
    expect(shown[1]!.link).toBe('https://example.com/promo');
  });
});

describe('unread marks', () => {
  let alice: RegisteredUser;
  let bob: RegisteredUser;
  let notice: Item;
  beforeAll(async () => {
    [alice, bob] = await Promise.all([registerUser(server), registerUser(server)]);
    notice = await publishNotice();
  });

  it('are kept per user: what one reads stays unread for the other', async () => {
    const aliceBefore = (await home(alice)).unread!;
    const bobBefore = (await home(bob)).unread!;
    expect(aliceBefore).toBeGreaterThan(0);
    expect((await notices(alice)).find((n) => n.id === notice.id)?.unread).toBe(true);

    const marked = await read(alice, notice.id);
    expect(marked.status).toBe(200);
    expect(marked.body.data).toEqual({ unread: aliceBefore - 1 });
    expect((await home(alice)).unread).toBe(aliceBefore - 1);
    expect((await notices(alice)).find((n) => n.id === notice.id)?.unread).toBe(false);

    expect((await home(bob)).unread).toBe(bobBefore);
    expect((await notices(bob)).find((n) => n.id === notice.id)?.unread).toBe(true);
    const unreadItems = (await notices(bob)).filter((n) => n.unread).length;
    expect(unreadItems).toBe(bobBefore);
  });

  it('count once however often, and at once, a notice is read', async () => {
    const before = (await home(bob)).unread!;
    const answers = await Promise.all(Array.from({ length: 8 }, () => read(bob, notice.id)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect((await home(bob)).unread).toBe(before - 1);
    expect((await read(bob, notice.id)).body.data).toEqual({ unread: before - 1 });
  });

  it('cannot be set on a notice that does not exist, is not published, is removed or is not a notice', async () => {
    const future = await publishNotice({ publishAt: server.clock.now() + DAY });
    const removed = await publishNotice();
    expect((await remove(removed.id)).status).toBe(200);
    const anActivity = await save({ kind: 'activity', title: unique('Activity'), content: '' });
    for (const id of ['no-such-notice', future.id, removed.id, anActivity.id, 'about']) expectRefusal(await read(alice, id), 404, 'NOT_FOUND');
  });

  it('need a signed-in user to be set', async () => {
    expectRefusal(await callAs(server, null, CALLS.noticeRead, { id: notice.id }), 401, 'SESSION_REQUIRED');
  });

  it('are not shown to a caller who is not signed in, or whose token is dead', async () => {
    const leaving = await registerUser(server);
    expect((await callAs(server, leaving, CALLS.logOut, {})).status).toBe(200);
    for (const caller of [null, leaving, { token: 'x'.repeat(43) }]) {
      const page = await home(caller);
      expect(page).not.toHaveProperty('unread');
      expect(page).not.toHaveProperty('unreadReplies');
      const listed = await notices(caller);
      expect(listed.length).toBeGreaterThan(0);
      expect(listed.every((n) => !n.unread)).toBe(true);
    }
    const signedIn = await home(alice);
    expect(signedIn.unread).toEqual(expect.any(Number));
    expect(signedIn.unreadReplies).toBe(0);
  });

  it('are not shown to a frozen account, which reads the home page as signed out', async () => {
    const frozen = await registerUser(server);
    const users = await operatorCallAs(server, await operator(), OPERATOR_CALLS.users, { q: frozen.username });
    const userId = users.body.data.items[0]!.id;
    expect((await operatorCallAs(server, await operator(), OPERATOR_CALLS.freezeUser, { userId, frozen: true })).status).toBe(200);
    expect(await home(frozen)).not.toHaveProperty('unread');
    expect((await notices(frozen)).every((n) => !n.unread)).toBe(true);
  });
});

describe('saving content', () => {
  it('creates an item with the defaults of a new one, and audits it', async () => {
    const now = server.clock.now();
    const created = await save({ kind: 'notice', title: '  Spaced title  ', content: '<p>Body</p>' });
    expect(created).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9_-]{1,40}$/),
      kind: 'notice',
      title: 'Spaced title',
      content: '<p>Body</p>',
      cover: null,
      link: null,
      publishAt: now,
      expiresAt: null,
      pinned: false,
      ticker: false,
      sort: 0,
      translations: {},
      createdAt: now,
      updatedAt: now,
    });
    const [entry] = await auditOf('content/save', `content:${created.id}`);
    expect(entry).toMatchObject({ operator: 'admin', before: null, after: created, createdAt: now });
  });

  it('changes only the fields sent, clears those sent as null, and audits before and after', async () => {
    const now = server.clock.now();
    const full: SaveFields = {
      kind: 'activity',
      title: unique('Full'),
      content: '<p>Full</p>',
      cover: '/uploads/cover_1.png',
      link: 'https://example.com/more',
      publishAt: now - HOUR,
      expiresAt: now + DAY,
      pinned: true,
      ticker: true,
      sort: 7,
      translations: { fr: { title: 'Complet', content: '<p>Complet</p>' } },
    };
    const created = await save(full);
    server.clock.advance(1000);

    const renamed = await save({ id: created.id, kind: 'activity', title: 'Renamed', content: '<p>New text</p>' });
    expect(renamed).toEqual({ ...created, title: 'Renamed', content: '<p>New text</p>', updatedAt: now + 1000 });
    const [change] = await auditOf('content/save', `content:${created.id}`);
    expect(change).toMatchObject({ before: created, after: renamed });

    server.clock.advance(1000);
    const cleared = await save({ id: created.id, kind: 'activity', title: 'Renamed', content: '<p>New text</p>', cover: null, link: null, expiresAt: null, publishAt: null, pinned: false, translations: {} });
    expect(cleared).toEqual({ ...renamed, cover: null, link: null, expiresAt: null, publishAt: now + 2000, pinned: false, translations: {}, updatedAt: now + 2000 });
    expect((await contentList('activity')).find((item) => item.id === created.id)).toEqual(cleared);
  });

  it('keeps one about page and one agreement: saving either without an id changes the one there is', async () => {
    const before = await contentList('agreement');
    expect(before).toHaveLength(1);
    const saved = await save({ kind: 'agreement', title: 'Agreement v2', content: '<p>v2</p>' });
    expect(saved.id).toBe(before[0]!.id);
    expect(await contentList('agreement')).toEqual([saved]);
    expect((await callAs(server, null, CALLS.regAgreement, {})).body.data).toEqual({ title: 'Agreement v2', content: '<p>v2</p>' });

    const aboutAt = await Promise.all(Array.from({ length: 6 }, (_, n) => saveAnswer({ kind: 'about', title: `About ${n}`, content: `<p>${n}</p>` })));
    expect(aboutAt.map((a) => a.status)).toEqual(Array(6).fill(200));
    expect(new Set(aboutAt.map((a) => a.body.data.id)).size).toBe(1);
    expect(await contentList('about')).toHaveLength(1);
  });

  it('creates one about page when the one there was is removed, even when saved from many places at once', async () => {
    const [about] = await contentList('about');
    expect((await remove(about!.id)).status).toBe(200);
    expectRefusal(await callAs(server, null, CALLS.noticeAbout, {}), 404, 'NOT_FOUND');
    const answers = await Promise.all(Array.from({ length: 6 }, (_, n) => saveAnswer({ kind: 'about', title: `New about ${n}`, content: '<p>new</p>' })));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    const left = await contentList('about');
    expect(left).toHaveLength(1);
    expect((await callAs(server, null, CALLS.noticeAbout, {})).body.data.title).toBe(left[0]!.title);
  });

  it('never changes an item’s kind, nor one that does not exist', async () => {
    const notice = await publishNotice();
    const changed = await saveAnswer({ id: notice.id, kind: 'banner', title: 'Now a banner', content: '' });
    expectRefusal(changed, 400, 'VALIDATION');
    expect(Object.keys(errorOf(changed).fields!)).toEqual(['kind']);
    expect((await contentList('notice')).find((item) => item.id === notice.id)).toEqual(notice);
    expectRefusal(await saveAnswer({ id: 'no-such-item', kind: 'notice', title: 'x', content: '' }), 404, 'NOT_FOUND');
  });

  it('refuses an end that does not come after the start, also against the start saved before', async () => {
    const now = server.clock.now();
    const refused = await saveAnswer({ kind: 'notice', title: 'Backwards', content: '', publishAt: now + HOUR, expiresAt: now + HOUR });
    expectRefusal(refused, 400, 'VALIDATION');
    expect(errorOf(refused).fields).toEqual({ expiresAt: 'The end must come after the start.' });
    expectRefusal(await saveAnswer({ kind: 'notice', title: 'Before now', content: '', expiresAt: now - 1 }), 400, 'VALIDATION');

    const later = await publishNotice({ publishAt: now + DAY });
    const shortened = await saveAnswer({ id: later.id, kind: 'notice', title: later.title, content: '', expiresAt: now + HOUR });
    expect(errorOf(shortened).fields).toEqual({ expiresAt: 'The end must come after the start.' });
  });

  it('takes covers only from uploads or https on an allowed host, and links only to a notice, an activity or https', async () => {
    for (const cover of ['http://cdn.example.com/a.png', 'javascript:alert(1)', '/uploads/../x.png', 'data:image/png;base64,AA', '//cdn.example.com/a.png', '', 'https://images.example.org/a.png']) {
      const answer = await saveAnswer({ kind: 'banner', title: 'Cover', content: '', cover });
      expectRefusal(answer, 400, 'VALIDATION');
      expect(errorOf(answer).fields, cover).toEqual({ cover: 'Use an uploaded picture, or an https image on a host the server allows.' });
    }
    for (const link of ['javascript:alert(1)', 'http://example.com', 'notice:', 'notice:has space', 'page:x', '#/pages/x']) {
      const answer = await saveAnswer({ kind: 'banner', title: 'Link', content: '', link });
      expect(errorOf(answer).fields, link).toEqual({ link: 'Link to notice:<id>, activity:<id> or an https address.' });
    }
    const good = await save({ kind: 'banner', title: 'Good', content: '', cover: '/uploads/abc-1.webp', link: 'activity:some-id' });
    expect(good).toMatchObject({ cover: '/uploads/abc-1.webp', link: 'activity:some-id' });
  });

  it('says which field is wrong, in the operator’s words', async () => {
    const answer = await saveAnswer({ kind: 'notice', title: '   ', content: 'x'.repeat(100_001), sort: 1.5, translations: { ar: { title: '', content: '' } } } as SaveFields);
    expectRefusal(answer, 400, 'VALIDATION');
    expect(Object.keys(errorOf(answer).fields!).sort()).toEqual(['content', 'sort', 'title', 'translations.ar.title']);
    expect(Object.values(errorOf(answer).fields!).every((message) => message.length > 0)).toBe(true);
    expectRefusal(await saveAnswer({ kind: 'poster' as 'notice', title: 'x', content: '' }), 400, 'VALIDATION');
    expect(errorOf(await saveAnswer({ kind: 'notice', title: 'x', content: '', translations: { xx: { title: 'x', content: '' } } } as SaveFields)).fields).toHaveProperty(['translations.xx']);
  });

  it('keeps only safe HTML, in the default text and in every translation', async () => {
    const unsafe = '<p onclick="alert(1)">Hi<script>alert(1)</script></p><a href="javascript:alert(2)">x</a><img src=x onerror=alert(3)>';
    const saved = await save({ kind: 'notice', title: 'Unsafe', content: unsafe, translations: { ar: { title: 'غير آمن', content: unsafe } } });
    expect(saved.content).toBe('<p>Hi</p><a>x</a>');
    expect(saved.translations.ar).toEqual({ title: 'غير آمن', content: '<p>Hi</p><a>x</a>' });
    expect((await detail(saved.id, 'ar')).body.data.content).toBe('<p>Hi</p><a>x</a>');
  });
});

describe('images in content', () => {
  /** The sources the page's Content-Security-Policy lets an image load from. */
  const imageSources = (policy: string) => policy.split(';').find((directive) => directive.trim().startsWith('img-src '))!.trim().split(/\s+/).slice(1);
  /** Whether a browser showing the page under `policy` loads an image of `src`. */
  const loads = (src: string, policy: string) => {
    const url = new URL(src, server.baseUrl);
    return url.origin === server.baseUrl ? imageSources(policy).includes("'self'") : imageSources(policy).includes(url.origin);
  };
  const policyOf = async (path: string) => (await fetch(`${server.baseUrl}${path}`)).headers.get('content-security-policy') ?? '';
  const imagesOf = (html: string) => [...html.matchAll(/<img src="([^"]+)"/g)].map((match) => match[1]!);

  it('are what the pages may load: an https image from an allowed host is kept and loaded, one from any other host refused at save', async () => {
    const policies = [await policyOf('/'), await policyOf('/console/')];
    expect(policies[0]).not.toBe(policies[1]);
    const kept = ['/uploads/abc-1.png', `https://${IMAGE_HOST}/a.png`];
    const saved = await save({ kind: 'notice', title: unique('Pictures'), content: kept.map((src) => `<img src="${src}">`).join(''), cover: `https://${IMAGE_HOST}/cover.png` });
    const shown = (await detail(saved.id, 'en')).body.data;
    expect(imagesOf(shown.content)).toEqual(kept);
    for (const src of [...imagesOf(shown.content), shown.cover!]) for (const policy of policies) expect(loads(src, policy), `${src} under ${policy}`).toBe(true);

    for (const src of ['https://images.example.org/a.png', `https://${IMAGE_HOST}:8443/a.png`, `https://${IMAGE_HOST}.example.org/a.png`]) {
      for (const policy of policies) expect(loads(src, policy), src).toBe(false);
      const refused = await saveAnswer({ kind: 'notice', title: unique('Elsewhere'), content: `<p>Look</p><img src="${src}">`, translations: { ar: { title: 'صورة', content: `<img src="${src}">` } } });
      expect(errorOf(refused).fields, src).toEqual({
        content: 'Use an uploaded picture, or an https image on a host the server allows.',
      });
      const translated = await saveAnswer({ kind: 'notice', title: unique('Elsewhere'), content: '<p>Look</p>', translations: { ar: { title: 'صورة', content: `<img src="${src}">` } } });
      expect(Object.keys(errorOf(translated).fields ?? {}), src).toEqual(['translations.ar.content']);
      expect(Object.keys(errorOf(await saveAnswer({ kind: 'banner', title: unique('Banner'), content: '', cover: src })).fields ?? {})).toEqual(['cover']);
    }
  });
});

describe('the operator’s list', () => {
  it('shows items of one kind or all, published or not, but not removed ones', async () => {
    const hidden = await publishNotice({ publishAt: server.clock.now() + 10 * DAY });
    const gone = await publishNotice();
    expect((await remove(gone.id)).status).toBe(200);
    const listed = await contentList('notice');
    expect(listed.every((item) => item.kind === 'notice')).toBe(true);
    expect(listed.map((item) => item.id)).toContain(hidden.id);
    expect(listed.map((item) => item.id)).not.toContain(gone.id);
    const banners = await contentList('banner');
    expect(banners.length).toBeGreaterThan(0);
    expect(banners.every((item) => item.kind === 'banner')).toBe(true);
    const everything = await contentList();
    expect(everything.length).toBe(listed.length + banners.length + (await contentList('activity')).length + 2);
  });
});

describe('removing content', () => {
  it('hides the item from users at once, audited with what it was', async () => {
    const notice = await publishNotice({ ticker: true });
    const banner = await save({ kind: 'banner', title: unique('Gone banner'), content: '' });
    expect((await detail(notice.id)).status).toBe(200);
    const removed = await remove(notice.id);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ code: 200, mess: 'Deleted', data: {} });
    expect((await remove(banner.id)).status).toBe(200);

    expectRefusal(await detail(notice.id), 404, 'NOT_FOUND');
    expect((await notices()).map((n) => n.id)).not.toContain(notice.id);
    const page = await home();
    expect(page.ticker.map((t) => t.id)).not.toContain(notice.id);
    expect(page.banners.map((b) => b.id)).not.toContain(banner.id);
    const [entry] = await auditOf('content/delete', `content:${notice.id}`);
    expect(entry).toMatchObject({ before: notice, after: null });
  });

  it('removes once when asked many times at once', async () => {
    const notice = await publishNotice();
    const answers = await Promise.all(Array.from({ length: 6 }, () => remove(notice.id)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 200)) expectRefusal(answer, 404, 'NOT_FOUND');
    expect(await auditOf('content/delete', `content:${notice.id}`)).toHaveLength(1);
  });

  it('never removes the registration agreement, nor what does not exist', async () => {
    const [agreement] = await contentList('agreement');
    const refused = await remove(agreement!.id);
    expectRefusal(refused, 422, 'CONTENT_REQUIRED');
    expect(refused.body.mess).toMatch(/agreement/i);
    expect((await callAs(server, null, CALLS.regAgreement, {})).status).toBe(200);
    expectRefusal(await remove('no-such-item'), 404, 'NOT_FOUND');
  });

  it('does not bring a removed welcome notice back when the server starts again', async () => {
    expect((await remove('welcome')).status).toBe(200);
    const again = await runFirstStart(server.database.db, server.settings, server.config, server.clock.now());
    expect(again.contentCreated).toEqual([]);
    expect((await notices()).map((n) => n.id)).not.toContain('welcome');
    expectRefusal(await detail('welcome'), 404, 'NOT_FOUND');
    expect((await home()).ticker.map((t) => t.id)).not.toContain('welcome');
  });
});

describe('HTML a user receives', () => {
  it('holds no script or event handler even when the stored row does', async () => {
    const poisoned =
      '<p onmouseover="alert(1)">Read</p><script>alert(2)</script><img src="/uploads/a.png" onerror="alert(3)"><a href="javascript:alert(4)">x</a>' +
      '<svg onload=alert(5)><iframe src="javascript:alert(6)"></iframe><style>p{x:expression(alert(7))}</style><p style="color:red">end';
    const now = server.clock.now();
    const row = (id: string, kind: 'notice' | 'activity' | 'about') => ({
      id,
      kind,
      title: 'Stored directly',
      content: poisoned,
      cover: null,
      link: null,
      publish_at: now - MINUTE,
      expires_at: null,
      pinned: 0,
      ticker: 1,
      sort: 0,
      translations: JSON.stringify({ ar: { title: 'مخزن', content: poisoned } }),
      created_at: now,
      updated_at: now + 1,
      deleted_at: null,
    });
    await server.database.db.insertInto('content_items').values([row('raw-notice', 'notice'), row('raw-activity', 'activity'), row('raw-about', 'about')]).execute();

    for (const lang of ['en', 'ar']) {
      const texts = [
        (await detail('raw-notice', lang)).body.data.content,
        (await activity('raw-activity', lang)).body.data.content,
        (await callAs(server, null, CALLS.noticeAbout, {}, { lang })).body.data.content,
      ];
      for (const html of texts) {
        expectHarmless(html);
        expect(html).toContain('<p>Read</p>');
      }
      const summary = (await notices(null, lang)).find((n) => n.id === 'raw-notice')!.summary;
      expect(summary).not.toMatch(/alert|[<>]/);
    }
  });
});
