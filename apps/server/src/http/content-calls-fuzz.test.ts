import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, CONTENT_KINDS, LANGUAGES, OPERATOR_CALLS, REASONS, regAgreement, type CallDefinition } from '@wallet/contract';
import * as contentCalls from '../../../../packages/contract/src/calls/content.js';
import * as feedbackCalls from '../../../../packages/contract/src/calls/feedback.js';
import * as operatorContentCalls from '../../../../packages/contract/src/calls/operator-content.js';
import { operatorToken } from '../testing/accounts.js';
import { CallFuzz, junkOf, watchAnswers, type AnswersByReason, MOSTLY_RIGHT_BODIES, USUAL_CLIENT, OWN_UPLOAD, TRICKY_STRINGS, describeEachCall, type CallFuzzSetup } from '../testing/call-fuzz.js';
import { startTestServer, type TestServer } from '../testing/test-server.js';
import { callAs, operatorCallAs } from '../testing/typed-call.js';

/*
 * Random bodies to every content and feedback call of the app and of the
 * console: whatever arrives, the answer is the envelope PRODUCT §2 promises,
 * never a 5xx and never a trace of the server's insides; and whatever HTML
 * the console saved meanwhile, what the app is served holds nothing that runs.
 */

/** Per call: enough to reach each call's rules, few enough for a few seconds per database. */
const RUNS_PER_CALL = 40;

/** Saving first, so the app calls after it serve what the fuzz saved; removing last. */
const OPERATOR_WRITES: CallDefinition[] = [operatorContentCalls.saveContent];
const APP_CALLS: CallDefinition[] = [
  contentCalls.noticeHome,
  contentCalls.noticeList,
  contentCalls.noticeDetail,
  contentCalls.noticeActivities,
  contentCalls.noticeActivity,
  contentCalls.noticeAbout,
  contentCalls.noticeRead,
  regAgreement,
  feedbackCalls.submitFeedback,
  feedbackCalls.myFeedback,
];
const OPERATOR_READS_AND_REMOVAL: CallDefinition[] = [operatorContentCalls.listContent, operatorContentCalls.listFeedback, operatorContentCalls.replyFeedback, operatorContentCalls.deleteContent];

const REPEATED_REQUEST_IDS = [randomUUID(), randomUUID(), randomUUID()];

/** Stand-ins replaced just before sending. */
const KNOWN_NOTICE = 'known-notice:c0n7';
const KNOWN_ACTIVITY = 'known-activity:c0n7';
const FUTURE_NOTICE = 'future-notice:c0n7';
const KNOWN_FEEDBACK = 'known-feedback:c0n7';
/** A notice made just for the run that removes it. */
const FRESH_NOTICE = 'fresh-notice:c0n7';

let server: TestServer;
let fuzz: CallFuzz;
let operatorBearer: string;
const known = { notice: '', activity: '', future: '', feedback: '' };
const answers: AnswersByReason = new Map();

async function saved(fields: Record<string, unknown>): Promise<string> {
  const answer = await operatorCallAs(server, operatorBearer, OPERATOR_CALLS.saveContent, fields as never);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.id;
}

const SERVES_HTML = new Set<string>([contentCalls.noticeDetail.path, contentCalls.noticeActivity.path, contentCalls.noticeAbout.path, regAgreement.path]);

function expectHarmless(html: string, where: string): void {
  expect(html, where).not.toMatch(/<\s*\/?\s*(script|style|iframe|object|embed|svg|math|form|meta|base|link)\b/i);
  const tags = (html.match(/<[^>]*>/g) ?? []).map((tag) => tag.replace(/"[^"]*"/g, '""')).join(' ');
  expect(tags, where).not.toMatch(/\s(on[a-z]+|style|srcset)\s*=/i);
  expect(html, where).not.toMatch(/\s(href|src)\s*=\s*"?\s*(javascript|vbscript|data):/i);
}


beforeAll(async () => {
  server = await startTestServer();
  fuzz = await CallFuzz.start(server, setup);
  operatorBearer = await operatorToken(server);
  known.notice = await saved({ kind: 'notice', title: 'Known notice', content: '<p>Known</p>', ticker: true, translations: { ar: { title: 'معروف', content: '<p>معروف</p>' } } });
  known.activity = await saved({ kind: 'activity', title: 'Known activity', content: '<p>Known</p>', expiresAt: Date.now() + 86_400_000 });
  known.future = await saved({ kind: 'notice', title: 'Not yet', content: '<p>Later</p>', publishAt: Date.now() + 86_400_000 });
  const feedback = await callAs(server, fuzz.known, CALLS.submitFeedback, { email: 'known@example.com', content: 'Known feedback from the fuzz.' });
  expect(feedback.status).toBe(200);
  known.feedback = feedback.body.data.id;
  watchAnswers(fuzz, answers, (path, answer, body) => {
    if (answer.status === 200 && SERVES_HTML.has(path)) expectHarmless(String(body.data?.['content']), path);
  });
});
afterAll(async () => server.close());

// ---------------------------------------------------------------- arbitraries

const trickyString = fc.constantFrom(...TRICKY_STRINGS, 'welcome', 'agreement', 'about', 'notice:welcome', '<script>alert(1)</script>', "'; drop table content_items; --", '😀'.repeat(14));

const junk = junkOf({ tricky: trickyString, edgeNumbers: [0, -0, 1, -1, 0.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 63, 5e-324, 8.64e15 + 1], hugeUnits: ['a', '<', 'é', '𝒜', '\u0000', '"', '\\', '🙂', '<p>'], hugeMax: 150_000 });

/** HTML an operator might paste, now and then with a payload from the sanitiser's list. */
const html = fc.oneof(
  fc.constantFrom(
    '<p>Plain</p>',
    '<h2>Bonus</h2><ul><li>one</li></ul><table><tr><td>1</td></tr></table>',
    '<a href="https://example.com">out</a> <a href="#/pages/notice/index">in</a>',
    '<img src="/uploads/a.png" onerror="alert(1)"><script>alert(2)</script>',
    '<svg onload=alert(1)><p style="x:expression(alert(1))">s</p>',
    '<a href="jav&#x09;ascript:alert(1)">x</a><iframe src="javascript:alert(1)">',
    '<scr<script>ipt>alert(1)</script><!--><script>alert(1)</script>-->',
    '',
  ),
  fc.string({ maxLength: 200 }),
);

const now = Date.now();
const instant = fc.oneof(fc.constant(null), fc.integer({ min: now - 30 * 86_400_000, max: now + 86_400_000 }));
const text = (max: number) => fc.string({ minLength: 1, maxLength: max });
const documentText = fc.record({ title: text(40), content: html });
const translations = fc.dictionary(fc.constantFrom(...LANGUAGES), documentText, { maxKeys: 3 });
const imageUrl = fc.constantFrom('/uploads/abc.png', '/uploads/x_1-2.webp', 'https://cdn.example.com/a.jpg');
const link = fc.constantFrom(`notice:welcome`, 'activity:abc', 'https://example.com/promo');
const feedbackContent = fc.oneof(
  { weight: 4, arbitrary: fc.string({ minLength: 15, maxLength: 120 }).filter((s) => [...s.trim()].length >= 15) },
  { weight: 1, arbitrary: fc.constantFrom('😀'.repeat(15), '漢'.repeat(500)) },
);

/** What a correct client sends for a field of this name, so calls get past validation to their rules. */
function canonical(field: string, path: string): fc.Arbitrary<unknown> {
  switch (field) {
    case 'id':
      if (path === contentCalls.noticeActivity.path) return fc.oneof({ weight: 4, arbitrary: fc.constant(KNOWN_ACTIVITY) }, { weight: 1, arbitrary: fc.constant(KNOWN_NOTICE) });
      if (path === operatorContentCalls.replyFeedback.path) return fc.constant(KNOWN_FEEDBACK);
      if (path === operatorContentCalls.deleteContent.path) return fc.constantFrom(FRESH_NOTICE, 'agreement', 'no-such-item');
      if (path === operatorContentCalls.saveContent.path) return fc.constantFrom(KNOWN_NOTICE, KNOWN_ACTIVITY, 'about', 'welcome-banner');
      // The console's fuzz may turn the known activity into a notice, so an id that never existed keeps NOT_FOUND reachable.
      return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(KNOWN_NOTICE, 'welcome') }, { weight: 2, arbitrary: fc.constantFrom(FUTURE_NOTICE, KNOWN_ACTIVITY, 'no-such-notice') });
    case 'kind':
      return fc.constantFrom(...CONTENT_KINDS);
    case 'title':
      return text(60);
    case 'content':
      return path === feedbackCalls.submitFeedback.path ? feedbackContent : html;
    case 'cover':
      return fc.oneof(fc.constant(null), imageUrl);
    case 'link':
      return fc.oneof(fc.constant(null), link);
    case 'publishAt':
    case 'expiresAt':
      return instant;
    case 'pinned':
    case 'ticker':
    case 'answered':
      return fc.boolean();
    case 'sort':
      return fc.integer({ min: -100, max: 100 });
    case 'translations':
      return translations;
    case 'email':
      return fc.oneof(fc.constantFrom('me@example.com', ' spaced@example.com '), fc.emailAddress());
    case 'images':
      return fc.array(fc.constant(OWN_UPLOAD), { maxLength: 3 });
    case 'requestId':
      return fc.oneof(fc.uuid(), fc.constantFrom(...REPEATED_REQUEST_IDS));
    case 'reply':
      return text(200);
    case 'page':
      return fc.integer({ min: 1, max: 3 });
    case 'pageSize':
      return fc.integer({ min: 1, max: 50 });
    default:
      return fc.string({ maxLength: 20 });
  }
}

/** Almost right: the values a rule has to tell apart from right ones. */
function nearby(field: string, path: string): fc.Arbitrary<unknown> {
  switch (field) {
    case 'id':
      return fc.constantFrom('', ' ', 'x'.repeat(41), 'WELCOME', ' welcome ', '../welcome', '%', '_');
    case 'kind':
      return fc.constantFrom('Notice', 'notices', 'page', '', 'banner ');
    case 'title':
      return fc.constantFrom('', '   ', 't'.repeat(201));
    case 'content':
      return path === feedbackCalls.submitFeedback.path
        ? fc.constantFrom('', '   ', 'a'.repeat(14), '😀'.repeat(14), 'x'.repeat(501), '😀'.repeat(501))
        : fc.constantFrom('x'.repeat(100_001), '\u0000');
    case 'cover':
      return fc.constantFrom('http://cdn.example.com/a.png', 'javascript:alert(1)', '/uploads/../x.png', 'data:image/png;base64,AA', '');
    case 'link':
      return fc.constantFrom('javascript:alert(1)', 'notice:', 'http://example.com', '#/pages/x', 'notice:a b');
    case 'publishAt':
    case 'expiresAt':
      return fc.constantFrom(-1, 0, 1.5, 8.64e15, 8.64e15 + 1, now, '2024-01-01');
    case 'sort':
      return fc.constantFrom(1_000_001, -1_000_001, 0.5, '1');
    case 'translations':
      return fc.constantFrom({ xx: { title: 'x', content: '' } }, { ar: { title: '', content: '' } }, { ar: { title: 'x' } }, { ar: null }, JSON.parse('{"__proto__": {"title": "x", "content": ""}}'));
    case 'email':
      return fc.constantFrom('', 'nope', 'a@b', 'two@@example.com', `${'x'.repeat(250)}@example.com`);
    case 'images':
      return fc.constantFrom([OWN_UPLOAD, OWN_UPLOAD, OWN_UPLOAD, OWN_UPLOAD], ['/uploads/not-mine.png'], ['https://example.com/a.png'], [''], 'not-a-list');
    case 'requestId':
      return fc.constantFrom('short', 'x'.repeat(65), 'has space in it', '');
    case 'reply':
      return fc.constantFrom('', '   ', 'r'.repeat(2001));
    case 'page':
    case 'pageSize':
      return fc.integer({ min: -1, max: 100_001 });
    default:
      return canonical(field, path);
  }
}

const acceptLanguage = fc.constantFrom(...LANGUAGES, 'ar-EG,ar;q=0.9', 'de;q=0.5, fr;q=abc', '*', 'xx-YY', '');

const setup: CallFuzzSetup = {
  ...USUAL_CLIENT,
  fields: {
    canonical,
    nearby,
    junk,
    optional: () => ({ absent: 1, sent: 1 }),
    ...MOSTLY_RIGHT_BODIES,
  },
  acceptLanguage,
  standIns: new Map<string, () => unknown>([
    [KNOWN_NOTICE, () => known.notice],
    [KNOWN_ACTIVITY, () => known.activity],
    [FUTURE_NOTICE, () => known.future],
    [KNOWN_FEEDBACK, () => known.feedback],
    [FRESH_NOTICE, () => saved({ kind: 'notice', title: 'To remove', content: '<p>Soon gone</p>' })],
  ]),
  numRuns: RUNS_PER_CALL,
};

// ---------------------------------------------------------------- the properties

describeEachCall('saving content from the console answers any body with a proper envelope', OPERATOR_WRITES, (call) => fuzz.operatorCall(call));
describeEachCall('every content and feedback call of the app answers any body with a proper envelope and harmless HTML', APP_CALLS, (call) => fuzz.appCall(call));
describeEachCall('every other content and feedback call of the console answers any body with a proper envelope', OPERATOR_READS_AND_REMOVAL, (call) => fuzz.operatorCall(call));

describe('after all of it', () => {
  it('reached the rules behind validation', () => {
    const expected: [CallDefinition, string[]][] = [
      [operatorContentCalls.saveContent, ['200', 'VALIDATION']],
      [operatorContentCalls.deleteContent, ['200', 'CONTENT_REQUIRED', 'NOT_FOUND']],
      [feedbackCalls.submitFeedback, ['200', 'VALIDATION']],
      [contentCalls.noticeDetail, ['200', 'NOT_FOUND']],
      [contentCalls.noticeRead, ['200', 'NOT_FOUND']],
    ];
    for (const [call, reasons] of expected) {
      const seen = answers.get(call.path) ?? new Map<string, number>();
      for (const reason of reasons) expect(seen.get(reason) ?? 0, `${call.path}: ${reason} among ${JSON.stringify([...seen])}`).toBeGreaterThan(0);
    }
    for (const call of [...OPERATOR_WRITES, ...APP_CALLS, ...OPERATOR_READS_AND_REMOVAL]) expect(answers.get(call.path)?.get('200') ?? 0, call.path).toBeGreaterThan(0);
    for (const [path, byReason] of answers) for (const reason of byReason.keys()) expect(reason === '200' || reason in REASONS, `${path}: ${reason}`).toBe(true);
  });

  it('still serves the registration agreement and harmless HTML for everything it lists', async () => {
    expect((await callAs(server, null, CALLS.regAgreement, {})).status).toBe(200);
    const listed = await callAs(server, null, CALLS.noticeList, { pageSize: 50 });
    for (const item of listed.body.data.items) {
      const shown = await callAs(server, null, CALLS.noticeDetail, { id: item.id }, { lang: 'ar' });
      expect(shown.status).toBe(200);
      expectHarmless(shown.body.data.content, item.id);
    }
  });
});
