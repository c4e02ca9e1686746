import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES, OPERATOR_ROLES, type CallDefinition } from '@wallet/contract';
import * as accountCalls from '../../../../packages/contract/src/calls/accounts.js';
import * as operatorCalls from '../../../../packages/contract/src/calls/operator-accounts.js';
import * as operatorAdjustmentCalls from '../../../../packages/contract/src/calls/operator-adjustments.js';
import { dashboard } from '../../../../packages/contract/src/calls/operator-dashboard.js';
import * as operatorTeamCalls from '../../../../packages/contract/src/calls/operator-team.js';
import { CallFuzz, FUZZ_PASSWORD, FUZZ_PAY_PASSWORD, KNOWN_USERNAME, KNOWN_USER_ID, OWN_UPLOAD, TRICKY_STRINGS, describeEachCall, type Bearer, type CallFuzzSetup, type Signing, type TokenKind } from '../testing/call-fuzz.js';
import { TEST_OPERATOR, TEST_ROOT_INVITE_CODE, signedBody, startTestServer, type TestServer } from '../testing/test-server.js';

/*
 * Random bodies to every account call and every operator call: whatever
 * arrives, the answer is the envelope PRODUCT §2 promises, never a 500.
 */

/** Per call: enough to reach every branch a body can steer (see the canonical values below), small enough for ~30 s on both databases. */
const RUNS_PER_CALL = 150;

const APP_CALLS: CallDefinition[] = Object.values(accountCalls).filter((c) => !c.multipart);
const OPERATOR_CALLS = [...Object.values(operatorCalls), ...Object.values(operatorTeamCalls), ...Object.values(operatorAdjustmentCalls), dashboard].filter(
  (value) => typeof value === 'object' && 'path' in value,
) as CallDefinition[];

/** A stand-in replaced just before sending by a captcha that accepts 'pass'. */
const FRESH_CAPTCHA = 'fresh-captcha:e0a6';

let server: TestServer;
let fuzz: CallFuzz;

beforeAll(async () => {
  server = await startTestServer();
  fuzz = await CallFuzz.start(server, setup);
});
afterAll(async () => server.close());

async function freshCaptcha(): Promise<string> {
  const id = randomUUID();
  await server.database.db.insertInto('captchas').values({ id, answer: 'pass', attempts: 0, expires_at: Date.now() + 60_000 }).execute();
  return id;
}

// ---------------------------------------------------------------- arbitraries

const hugeString = fc
  .tuple(fc.constantFrom('a', '9', 'é', '𝒜', '\u0000', '<', '"', '\\', '\u202e', '🙂'), fc.integer({ min: 1_000, max: 400_000 }))
  .map(([unit, n]) => unit.repeat(n));

const trickyString = fc.constantFrom(
  ...TRICKY_STRINGS,
  'undefined',
  '../../etc/passwd',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '\udfff\ud800',
  'ＡＤＭＩＮ',
  'admin\u200b',
  'İstanbul',
  'ß'.repeat(20),
  '\u202eevil',
  ' ROOTCODE ',
  '123456',
  '000000',
);

const numberAsString = fc.oneof(
  fc.integer().map(String),
  fc.double({ noNaN: false }).map(String),
  fc.bigInt().map(String),
);

const junkNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, 1, -1, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 63, 0.1, 5e-324),
);

/** Anything a client could put in a field. */
const junk: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 2, arbitrary: trickyString },
  { weight: 2, arbitrary: numberAsString },
  { weight: 2, arbitrary: junkNumber },
  { weight: 1, arbitrary: hugeString },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, [[[[]]]], [null], { '': null }) },
  { weight: 1, arbitrary: fc.array(fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }), { maxLength: 3 }) },
);

const sixDigits = fc.stringMatching(/^[0-9]{6}$/);
const contact = fc.oneof(fc.emailAddress().filter((e) => e.length < 60), fc.stringMatching(/^\+?[0-9]{6,15}$/));
const newUsername = fc.stringMatching(/^[A-Za-z0-9_]{4,20}$/);
const newPassword = fc.stringMatching(/^[A-Za-z0-9]{6,20}$/);

/** What a correct client sends for a field of this name, so calls get past validation to their rules. */
function canonical(field: string): fc.Arbitrary<unknown> {
  switch (field) {
    case 'username':
      return fc.oneof(newUsername, fc.constant(KNOWN_USERNAME));
    case 'password':
    case 'oldPassword':
      return fc.constant(FUZZ_PASSWORD);
    case 'newPassword':
      return newPassword;
    case 'payPassword':
    case 'newPayPassword':
    case 'code':
    case 'contactCode':
    case 'totp':
      return sixDigits;
    case 'inviteCode':
      return fc.constant(TEST_ROOT_INVITE_CODE);
    case 'captchaId':
      return fc.constant(FRESH_CAPTCHA);
    case 'captchaCode':
      return fc.constant('pass');
    case 'lang':
      return fc.constantFrom(...LANGUAGES);
    case 'contact':
    case 'target':
      return contact;
    case 'avatar':
      return fc.constant(OWN_UPLOAD);
    case 'purpose':
      return fc.constant('reset');
    case 'page':
      return fc.integer({ min: 1, max: 3 });
    case 'pageSize':
      return fc.integer({ min: 1, max: 50 });
    case 'q':
      return fc.oneof(fc.string({ maxLength: 40 }), fc.constant(KNOWN_USERNAME), fc.constant(TEST_ROOT_INVITE_CODE));
    case 'userId':
      return fc.constant(KNOWN_USER_ID);
    case 'frozen':
    case 'disabled':
      return fc.boolean();
    case 'role':
      return fc.constantFrom(...OPERATOR_ROLES);
    case 'from':
    case 'to':
      return fc.date({ min: new Date('2025-01-01'), max: new Date('2027-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    case 'id':
    case 'operatorId':
      return fc.uuid();
    default:
      return fc.string({ maxLength: 20 });
  }
}

/** Almost right: the values a rule has to tell apart from right ones. */
function nearby(field: string): fc.Arbitrary<unknown> {
  switch (field) {
    case 'username':
      return fc.constantFrom('admin', 'abc', 'a'.repeat(21), 'user name', KNOWN_USERNAME.toUpperCase());
    case 'password':
    case 'oldPassword':
    case 'newPassword':
      return fc.oneof(newPassword, fc.constant(TEST_OPERATOR.password), fc.constant(FUZZ_PASSWORD.toUpperCase()));
    case 'payPassword':
    case 'newPayPassword':
    case 'code':
    case 'contactCode':
      return fc.constantFrom(FUZZ_PAY_PASSWORD, '12345', '1234567', '12345a', 123456);
    case 'inviteCode':
      return fc.constantFrom(TEST_ROOT_INVITE_CODE.toLowerCase(), ` ${TEST_ROOT_INVITE_CODE} `, 'NOSUCHCODE', 'ab');
    case 'captchaId':
      return fc.uuid();
    case 'captchaCode':
      return fc.constantFrom(' PASS ', 'wrong', '');
    case 'lang':
      return fc.constantFrom('zh-cn', 'EN_us', 'pt-BR', 'zh-Hant-HK', 'xx', '');
    case 'avatar':
      return fc.oneof(fc.webUrl(), fc.constant(fuzz.knownUploadUrl));
    case 'purpose':
      return fc.constantFrom('register', 'RESET');
    case 'page':
    case 'pageSize':
      return fc.integer({ min: -1, max: 100_001 });
    case 'q':
      return fc.string({ minLength: 40, maxLength: 42 });
    case 'userId':
      return fc.oneof(fc.uuid(), fc.string({ minLength: 60, maxLength: 70 }));
    case 'from':
    case 'to':
      return fc.constantFrom('2026-02-29', '2026-02-30', '2026-13-01', '2026-1-1', '20260101', '2026-01-01T00:00:00Z', '');
    case 'role':
      return fc.constantFrom('Admin', 'root', '', 'operator');
    default:
      return canonical(field);
  }
}

const signing = fc.oneof(
  { weight: 6, arbitrary: fc.constant<Signing>('valid') },
  { weight: 1, arbitrary: fc.constantFrom<Signing>('wrong-sign', 'wrong-key', 'stale', 'future', 'unsigned', 'junk-signed') },
);

const tokenKind = fc.constantFrom<TokenKind>('valid', 'valid', 'valid', 'none', 'frozen', 'unknown', 'junk');

const bearer = fc.constantFrom<Bearer>('valid', 'valid', 'valid', 'none', 'unknown', 'user-token', 'junk', 'other-scheme');

const acceptLanguage = fc.constantFrom('en', 'zh-CN', 'ar', 'de;q=0.5, fr;q=abc', '*', 'xx-YY', '', 'a'.repeat(300));

const setup: CallFuzzSetup = {
  password: FUZZ_PASSWORD,
  payPassword: FUZZ_PAY_PASSWORD,
  fields: {
    canonical,
    nearby,
    junk,
    // A correct client seldom sends an optional field.
    optional: () => ({ absent: 3, sent: 1 }),
    mix: { absent: 1, canonical: 2, nearby: 2, junk: 2 },
    bodies: { realistic: 1, mixed: 1 },
  },
  signing,
  tokenKind,
  bearer,
  acceptLanguage,
  standIns: new Map([[FRESH_CAPTCHA, () => freshCaptcha()]]),
  numRuns: RUNS_PER_CALL,
};

// ---------------------------------------------------------------- the properties

describeEachCall('every account call answers any body with a proper envelope', APP_CALLS, (call) => fuzz.appCall(call));
describeEachCall('every operator call answers any body with a proper envelope', OPERATOR_CALLS, (call) => fuzz.operatorCall(call));

describe('a NUL character, which PostgreSQL text cannot hold, is refused as an invalid field', () => {
  const appCases: [string, Record<string, unknown>, string, boolean][] = [
    ['/api/login/sign_in', { username: 'ab\u0000cd', password: 'secret123' }, 'username', false],
    ['/api/login/checkCode', { captchaId: 'a\u0000b', code: 'pass' }, 'captchaId', false],
    ['/api/login/sendRegister', { target: 'nul@example.com', captchaId: '\u0000', captchaCode: 'pass' }, 'captchaId', false],
    [
      '/api/login/register',
      { username: 'nul_user', password: 'secret123', payPassword: '123456', inviteCode: TEST_ROOT_INVITE_CODE, captchaId: 'x\u0000', captchaCode: 'pass', lang: 'en' },
      'captchaId',
      false,
    ],
    ['/api/user/update', { avatar: '/uploads/\u0000.png' }, 'avatar', true],
    ['/api/user/password', { oldPassword: 'old\u0000pass', newPassword: 'newPass1' }, 'oldPassword', true],
    ['/api/user/payPassword', { password: '\u0000', newPayPassword: '123456' }, 'password', true],
  ];

  it.each(appCases)('%s: %j → 400 naming %s', async (path, fields, field, signedIn) => {
    const token = signedIn ? (await fuzz.mintUser(false)).token : 'none';
    const body = signedBody(fields, { token });
    const answer = await fuzz.send(path, { json: body }, {});
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toMatchObject({ code: 400, data: { reason: 'VALIDATION', fields: { [field]: 'This value is not allowed.' } } });
  });

  const operatorCases: [string, Record<string, unknown>, string][] = [
    ['/admin/api/login', { username: 'ad\u0000min', password: 'whatever' }, 'username'],
    ['/admin/api/users', { q: 'a\u0000' }, 'q'],
    ['/admin/api/users/freeze', { userId: '\u0000', frozen: true }, 'userId'],
  ];

  it.each(operatorCases)('%s: %j → 400 naming %s', async (path, body, field) => {
    const answer = await fuzz.send(path, { json: body }, { authorization: await fuzz.operatorAuthorization() });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toMatchObject({ code: 400, data: { reason: 'VALIDATION', fields: { [field]: 'This value is not allowed.' } } });
  });
});
