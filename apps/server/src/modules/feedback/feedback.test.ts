import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, OPERATOR_CALLS, uploadReferenceOf, type CallBody, type submitFeedback } from '@wallet/contract';
import { operatorOnClock, registerUser, startClockedServer, type ClockedServer, type RegisteredUser } from '../../testing/accounts.js';
import { callAs, errorOf, expectRefusal, operatorCallAs } from '../../testing/typed-call.js';
import { TINY_IMAGES, uploadImage } from '../../testing/uploads.js';

/*
 * Feedback as PRODUCT §7 and the seed describe it: an e-mail address and
 * 15–500 characters with the seed's two messages, up to three of the user's
 * own pictures, five a day; the operator's reply reaches the user with an
 * unread mark.
 */

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const EMPTY = 'The email content cannot be empty.';
const TOO_SHORT = 'Content should be no less than 15 characters.';
const GOOD_CONTENT = 'The withdrawal page could show the fee before I confirm.';

let server: ClockedServer;
let operator: () => Promise<string>;

beforeAll(async () => {
  server = await startClockedServer();
  operator = operatorOnClock(server);
});
afterAll(() => server.close());

type Fields = CallBody<typeof submitFeedback>;

const submit = (user: RegisteredUser, fields: Partial<Fields> = {}, lang = 'en') =>
  callAs(server, user, CALLS.submitFeedback, { email: 'me@example.com', content: GOOD_CONTENT, ...fields }, { lang });

async function mine(user: RegisteredUser) {
  const answer = await callAs(server, user, CALLS.myFeedback, { page: 1, pageSize: 50 });
  expect(answer.status).toBe(200);
  return answer.body.data;
}

async function upload(user: RegisteredUser): Promise<string> {
  const answer = await uploadImage(server, { token: user.token, file: TINY_IMAGES.png, sign: { times: server.clock.now() } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.url;
}

async function operatorList(answered?: boolean) {
  const answer = await operatorCallAs(server, await operator(), OPERATOR_CALLS.feedback, { ...(answered === undefined ? {} : { answered }), page: 1, pageSize: 50 });
  expect(answer.status).toBe(200);
  return answer.body.data;
}

async function reply(id: string, text: string) {
  return operatorCallAs(server, await operator(), OPERATOR_CALLS.replyFeedback, { id, reply: text });
}

async function unreadReplies(user: RegisteredUser) {
  return (await callAs(server, user, CALLS.noticeHome, {})).body.data.unreadReplies;
}

describe('what feedback must hold', () => {
  let user: RegisteredUser;
  beforeAll(async () => {
    user = await registerUser(server);
  });

  it.each([
    ['empty', '', EMPTY],
    ['blank', '   \n\t ', EMPTY],
    ['14 letters', 'a'.repeat(14), TOO_SHORT],
    ['14 emoji (28 UTF-16 units)', '😀'.repeat(14), TOO_SHORT],
    ['14 letters padded with spaces', `   ${'b'.repeat(14)}   `, TOO_SHORT],
  ])('content %s: refused with the seed’s message for the field', async (_case, content, message) => {
    const answer = await submit(user, { content });
    expectRefusal(answer, 400, 'VALIDATION');
    expect(errorOf(answer).fields).toEqual({ content: message });
  });

  it('says the seed’s messages in the caller’s language', async () => {
    const chinese = await submit(user, { content: '' }, 'zh-CN');
    expect(errorOf(chinese).fields!['content']).toBe('反馈内容不能为空。');
    const arabic = await submit(user, { content: 'short' }, 'ar');
    expect(errorOf(arabic).fields!['content']).toMatch(/[\u0600-\u06ff]/);
    expect(errorOf(arabic).fields!['content']).toContain('15');
  });

  it('counts characters as people do: 500 are taken, 501 are not', async () => {
    const over = await submit(user, { content: 'x'.repeat(501) });
    expectRefusal(over, 400, 'VALIDATION');
    expect(errorOf(over).fields).toEqual({ content: 'Content can be at most 500 characters.' });
    expectRefusal(await submit(user, { content: '😀'.repeat(501) }), 400, 'VALIDATION');

    const fifteenEmoji = await submit(user, { content: '😀'.repeat(15) });
    expect(fifteenEmoji.status).toBe(200);
    const longest = await submit(user, { content: '漢'.repeat(250) + '😀'.repeat(250) });
    expect(longest.status).toBe(200);
    expect(longest.body.mess).toBe('Thank you! Your feedback was sent.');
    expect([...longest.body.data.content]).toHaveLength(500);
  });

  it.each(['', 'not-an-address', 'a@b', 'two@@example.com', 'spaces in@example.com', `${'x'.repeat(250)}@example.com`])('refuses the e-mail address %j', async (email) => {
    const answer = await submit(user, { email });
    expectRefusal(answer, 400, 'VALIDATION');
    expect(errorOf(answer).fields).toEqual({ email: 'Please enter a valid e-mail address.' });
  });

  it('names every wrong field at once', async () => {
    const answer = await submit(user, { email: 'nope', content: 'short', images: ['x', 'y', 'z', 'w'] });
    expect(Object.keys(errorOf(answer).fields!).sort()).toEqual(['content', 'email', 'images']);
  });

  it('keeps the text exactly as typed: it is text, never HTML', async () => {
    const content = 'Odds 3 < 5 > 2 & <b>not bold</b> "quoted"';
    const sent = await submit(user, { content });
    expect(sent.status).toBe(200);
    expect((await mine(user)).items.find((f) => f.id === sent.body.data.id)!.content).toBe(content);
  });

  it('needs a signed-in user', async () => {
    expectRefusal(await callAs(server, null, CALLS.submitFeedback, { email: 'me@example.com', content: GOOD_CONTENT }), 401, 'SESSION_REQUIRED');
    expectRefusal(await callAs(server, null, CALLS.myFeedback, {}), 401, 'SESSION_REQUIRED');
  });
});

describe('pictures with feedback', () => {
  let user: RegisteredUser;
  let stranger: RegisteredUser;
  beforeAll(async () => {
    [user, stranger] = await Promise.all([registerUser(server), registerUser(server)]);
  });

  it('takes up to three of the user’s own uploads and shows them back', async () => {
    const images = [await upload(user), await upload(user), await upload(user)];
    const sent = await submit(user, { images });
    expect(sent.status).toBe(200);
    // Each answer signs its own links to the uploads (PRODUCT §13).
    const uploadsOf = (links: string[]) => links.map(uploadReferenceOf);
    expect(uploadsOf(sent.body.data.images)).toEqual(uploadsOf(images));
    expect(uploadsOf((await mine(user)).items[0]!.images)).toEqual(uploadsOf(images));
    const listed = (await operatorList()).items.find((f) => f.id === sent.body.data.id)!;
    expect(uploadsOf(listed.images)).toEqual(uploadsOf(images));
    expect(listed).toMatchObject({ username: user.username, email: 'me@example.com', content: GOOD_CONTENT, reply: null });

    const four = await submit(user, { images: [...images, images[0]!] });
    expectRefusal(four, 400, 'VALIDATION');
    expect(Object.keys(errorOf(four).fields!)).toEqual(['images']);
    expect(errorOf(four).fields!.images).toBe('At most 3 items are allowed.');
  });

  it('refuses another user’s upload, and addresses that are not uploads', async () => {
    const theirs = await upload(stranger);
    const own = await upload(user);
    const borrowed = await submit(user, { images: [own, theirs] });
    expectRefusal(borrowed, 400, 'VALIDATION');
    expect(errorOf(borrowed).fields).toEqual({ 'images.1': 'Please upload the picture first.' });
    const before = (await mine(user)).total;
    for (const url of ['https://example.com/a.png', '/uploads/never-uploaded.png', '/uploads/../etc/passwd', 'javascript:alert(1)']) {
      const answer = await submit(user, { images: [url] });
      expectRefusal(answer, 400, 'VALIDATION');
      expect(errorOf(answer).fields, url).toEqual({ 'images.0': 'Please upload the picture first.' });
    }
    expect((await mine(user)).total).toBe(before);
  });
});

describe('five a day', () => {
  it('takes exactly five of twelve sent at once, refuses the rest until the next day', async () => {
    const user = await registerUser(server);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, n) => submit(user, { content: `${GOOD_CONTENT} (${n})` })));
    const accepted = answers.filter((a) => a.status === 200);
    expect(accepted).toHaveLength(5);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expectRefusal(refused, 429, 'FEEDBACK_DAILY_LIMIT');
      const wait = errorOf(refused).retryAfterSeconds!;
      expect(wait).toBeGreaterThan(DAY / 1000 - 60);
      expect(wait).toBeLessThanOrEqual(DAY / 1000);
      expect(refused.headers.get('retry-after')).toBe(String(wait));
      expect(refused.body.mess).toBe('You can send 5 feedback messages a day. Please try again tomorrow.');
    }
    expect((await mine(user)).total).toBe(5);

    // Somebody else's day is their own.
    expect((await submit(await registerUser(server))).status).toBe(200);

    server.clock.advance(DAY - 60_000);
    expectRefusal(await submit(user), 429, 'FEEDBACK_DAILY_LIMIT');
    server.clock.advance(60_000);
    expect((await submit(user)).status).toBe(200);
    expect((await mine(user)).total).toBe(6);
  });

  it('does not count what was refused as wrong input', async () => {
    const user = await registerUser(server);
    for (let n = 0; n < 6; n += 1) expectRefusal(await submit(user, { content: 'too short' }), 400, 'VALIDATION');
    const answers = await Promise.all(Array.from({ length: 6 }, () => submit(user)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
  });
});

describe('a retried request', () => {
  it('answers the first feedback and counts once, also when the retries arrive at once', async () => {
    const user = await registerUser(server);
    const requestId = randomUUID();
    const first = await submit(user, { requestId });
    expect(first.status).toBe(200);
    server.clock.advance(1000);
    const again = await submit(user, { requestId });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);

    const parallelId = randomUUID();
    const together = await Promise.all(Array.from({ length: 8 }, () => submit(user, { requestId: parallelId })));
    expect(together.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(new Set(together.map((a) => a.body.data.id)).size).toBe(1);
    expect((await mine(user)).total).toBe(2);

    // Two of five used: three more fit in the day, whatever the retries were.
    const more = await Promise.all(Array.from({ length: 4 }, () => submit(user, { requestId: randomUUID() })));
    expect(more.filter((a) => a.status === 200)).toHaveLength(3);
    expect((await mine(user)).total).toBe(5);
    // Once the day's five are used, a retry still gets its first answer.
    expect((await submit(user, { requestId })).body.data).toEqual(first.body.data);
  });

  it('with other fields is a conflict, not a second feedback', async () => {
    const user = await registerUser(server);
    const requestId = randomUUID();
    expect((await submit(user, { requestId })).status).toBe(200);
    expectRefusal(await submit(user, { requestId, content: `${GOOD_CONTENT} Changed.` }), 409, 'REQUEST_CONFLICT');
    expectRefusal(await submit(user, { requestId, email: 'other@example.com' }), 409, 'REQUEST_CONFLICT');
    expect((await mine(user)).total).toBe(1);
  });

  it('is one user’s own: the same request id from another user is another feedback', async () => {
    const [a, b] = await Promise.all([registerUser(server), registerUser(server)]);
    const requestId = randomUUID();
    const fromA = await submit(a, { requestId });
    const fromB = await submit(b, { requestId, content: `${GOOD_CONTENT} From B.` });
    expect(fromB.status).toBe(200);
    expect(fromB.body.data.id).not.toBe(fromA.body.data.id);
  });
});

describe('replies', () => {
  let alice: RegisteredUser;
  let bob: RegisteredUser;
  beforeAll(async () => {
    [alice, bob] = await Promise.all([registerUser(server), registerUser(server)]);
  });

  it('a user sees only their own feedback, newest first', async () => {
    const first = (await submit(alice, { content: `${GOOD_CONTENT} First.` })).body.data;
    server.clock.advance(1000);
    const second = (await submit(alice, { content: `${GOOD_CONTENT} Second.` })).body.data;
    const bobs = (await submit(bob, { content: `${GOOD_CONTENT} Bob's.` })).body.data;
    const own = await mine(alice);
    expect(own.items.map((f) => f.id)).toEqual([second.id, first.id]);
    expect(own.items[0]).toEqual({ ...second, replyUnread: false });
    expect((await mine(bob)).items.map((f) => f.id)).toEqual([bobs.id]);
  });

  it('the operator sees unanswered feedback oldest first, and a reply reaches the user once as unread', async () => {
    const aliceWaiting = (await operatorList(false)).items.filter((f) => f.username === alice.username);
    expect(aliceWaiting.map((f) => f.content)).toEqual([`${GOOD_CONTENT} First.`, `${GOOD_CONTENT} Second.`]);
    const all = (await operatorList(false)).items;
    expect(all.map((f) => f.createdAt)).toEqual([...all.map((f) => f.createdAt)].sort((x, y) => x - y));
    expect(all.every((f) => f.reply === null)).toBe(true);

    const target = aliceWaiting[0]!;
    expect(await unreadReplies(alice)).toBe(0);
    server.clock.advance(5000);
    const replied = await reply(target.id, 'Thank you, we will show the fee first.');
    expect(replied.status).toBe(200);
    expect(replied.body.data).toMatchObject({ id: target.id, reply: 'Thank you, we will show the fee first.', repliedAt: server.clock.now(), repliedBy: expect.any(String) });

    expect((await operatorList(false)).items.map((f) => f.id)).not.toContain(target.id);
    expect((await operatorList(true)).items.map((f) => f.id)).toContain(target.id);

    expect(await unreadReplies(alice)).toBe(1);
    expect(await unreadReplies(bob)).toBe(0);
    const seen = (await mine(alice)).items.find((f) => f.id === target.id)!;
    expect(seen).toMatchObject({ reply: 'Thank you, we will show the fee first.', repliedAt: server.clock.now(), replyUnread: true });
    expect((await mine(alice)).items.find((f) => f.id === target.id)!.replyUnread).toBe(false);
    expect(await unreadReplies(alice)).toBe(0);

    server.clock.advance(5000);
    expect((await reply(target.id, 'Done: the fee now shows first.')).status).toBe(200);
    expect(await unreadReplies(alice)).toBe(1);
    const again = (await mine(alice)).items.find((f) => f.id === target.id)!;
    expect(again).toMatchObject({ reply: 'Done: the fee now shows first.', repliedAt: server.clock.now(), replyUnread: true });
    expect((await mine(alice)).items.find((f) => f.id === target.id)!.replyUnread).toBe(false);
    expect(await unreadReplies(alice)).toBe(0);

    // Bob never sees Alice's feedback or its replies.
    expect((await mine(bob)).items.map((f) => f.id)).not.toContain(target.id);
  });

  it('are audited with before and after', async () => {
    const [sent] = (await mine(bob)).items;
    const before = (await operatorList()).items.find((f) => f.id === sent!.id)!;
    const after = (await reply(sent!.id, 'We read it.')).body.data;
    const audit = await operatorCallAs(server, await operator(), OPERATOR_CALLS.audit, { page: 1, pageSize: 20 });
    const entry = audit.body.data.items.find((e) => e.action === 'feedback/reply' && e.target === `feedback:${sent!.id}`);
    expect(entry).toMatchObject({ operator: 'admin', before, after });
  });

  it('cannot be written to feedback that does not exist, nor empty', async () => {
    expectRefusal(await reply(randomUUID(), 'Hello'), 404, 'NOT_FOUND');
    const [sent] = (await mine(bob)).items;
    const empty = await reply(sent!.id, '   ');
    expectRefusal(empty, 400, 'VALIDATION');
    expect(Object.keys(errorOf(empty).fields!)).toEqual(['reply']);
  });

  it('need an operator', async () => {
    const [sent] = (await mine(bob)).items;
    expectRefusal(await operatorCallAs(server, undefined, OPERATOR_CALLS.replyFeedback, { id: sent!.id, reply: 'x' }), 401, 'SESSION_REQUIRED');
    expectRefusal(await operatorCallAs(server, bob.token, OPERATOR_CALLS.feedback, {}), 401, 'SESSION_INVALID');
  });
});
