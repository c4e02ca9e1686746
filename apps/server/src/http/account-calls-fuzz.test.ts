import { randomBytes, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LANGUAGES, REASONS, type CallDefinition } from '@wallet/contract';
import * as accountCalls from '../../../../packages/contract/src/calls/accounts.js';
import * as operatorCalls from '../../../../packages/contract/src/calls/operator-accounts.js';
import { hashPassword } from '../modules/auth/passwords.js';
import { OPERATOR_SESSION_TTL_MS, SessionStore, USER_SESSION_TTL_MS } from '../modules/sessions/session-store.js';
import { randomIp, registerUser, type RegisteredUser } from '../testing/accounts.js';
import { TEST_OPERATOR, TEST_ROOT_INVITE_CODE, signedBody, startTestServer, type TestServer } from '../testing/test-server.js';
import { TINY_IMAGES, uploadImage } from '../testing/uploads.js';

/*
 * Random bodies to every account call and every operator call: whatever
 * arrives, the answer is the envelope PRODUCT §2 promises, never a 500.
 */

/** Per call: enough to reach every branch a body can steer (see the canonical values below), small enough for ~30 s on both databases. */
const RUNS_PER_CALL = 150;

const APP_CALLS: CallDefinition[] = Object.values(accountCalls).filter((c) => !c.multipart);
const OPERATOR_CALLS: CallDefinition[] = Object.values(operatorCalls);

/** Stand-ins replaced just before sending by something real on the server. */
const FRESH_CAPTCHA = 'fresh-captcha:e0a6';
const OWN_UPLOAD = 'own-upload:e0a6';
const KNOWN_USER_ID = 'known-user-id:e0a6';
const KNOWN_USERNAME = 'known-username:e0a6';
const FUZZ_PASSWORD = 'fuzzPass1';
const FUZZ_PAY_PASSWORD = '246810';

let server: TestServer;
let known: RegisteredUser;
let knownUserId: string;
let knownUploadUrl: string;
let operatorId: string;
let hashes: { password: string; pay: string };
let userSessions: SessionStore;
let operatorSessions: SessionStore;

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.database;
  known = await registerUser(server, { password: FUZZ_PASSWORD, payPassword: FUZZ_PAY_PASSWORD });
  knownUserId = (await db.selectFrom('users').select('id').where('username', '=', known.username).executeTakeFirstOrThrow()).id;
  const upload = await uploadImage<{ url: string }>(server, { token: known.token, file: TINY_IMAGES.png });
  knownUploadUrl = upload.body.data.url;
  operatorId = (await db.selectFrom('operators').select('id').executeTakeFirstOrThrow()).id;
  hashes = { password: await hashPassword(FUZZ_PASSWORD), pay: await hashPassword(FUZZ_PAY_PASSWORD) };
  userSessions = new SessionStore(db, 'user_sessions', USER_SESSION_TTL_MS);
  operatorSessions = new SessionStore(db, 'operator_sessions', OPERATOR_SESSION_TTL_MS);
});
afterAll(async () => server.close());

/** A user of its own for one run (so one run's password change or logout does not steer the next), with a live session. */
async function mintUser(frozen: boolean): Promise<{ id: string; username: string; token: string }> {
  const id = randomUUID();
  const username = `fz${randomBytes(6).toString('hex')}`;
  const now = Date.now();
  const token = await server.database.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('users')
      .values({
        id,
        username,
        username_key: username,
        password_hash: hashes.password,
        pay_password_hash: hashes.pay,
        invite_code: randomBytes(6).toString('hex').toUpperCase(),
        invited_by_code: TEST_ROOT_INVITE_CODE,
        inviter_user_id: null,
        avatar: null,
        lang: 'en',
        contact: null,
        contact_kind: null,
        frozen: frozen ? 1 : 0,
        pay_failures: 0,
        pay_locked_until: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return userSessions.create(id, now, trx);
  });
  return { id, username, token };
}

async function freshCaptcha(): Promise<string> {
  const id = randomUUID();
  await server.database.db.insertInto('captchas').values({ id, answer: 'pass', attempts: 0, expires_at: Date.now() + 60_000 }).execute();
  return id;
}

async function ownUpload(userId: string): Promise<string> {
  const id = randomUUID();
  const url = `/uploads/${id}.png`;
  await server.database.db.insertInto('uploads').values({ id, user_id: userId, url, content_type: 'image/png', size: 1, created_at: Date.now() }).execute();
  return url;
}

/** Replaces the stand-ins, at any depth, with real things. */
async function materialise(value: unknown, user: { id: string; username: string } | null): Promise<unknown> {
  if (value === FRESH_CAPTCHA) return freshCaptcha();
  if (value === OWN_UPLOAD) return user ? ownUpload(user.id) : knownUploadUrl;
  if (value === KNOWN_USER_ID) return user?.id ?? knownUserId;
  if (value === KNOWN_USERNAME) return user?.username ?? known.username;
  if (Array.isArray(value)) return Promise.all(value.map((item) => materialise(item, user)));
  if (typeof value === 'object' && value !== null) {
    const entries = await Promise.all(Object.entries(value).map(async ([k, v]) => [k, await materialise(v, user)] as const));
    return Object.fromEntries(entries);
  }
  return value;
}

// ---------------------------------------------------------------- arbitraries

const hugeString = fc
  .tuple(fc.constantFrom('a', '9', 'é', '𝒜', '\u0000', '<', '"', '\\', '\u202e', '🙂'), fc.integer({ min: 1_000, max: 400_000 }))
  .map(([unit, n]) => unit.repeat(n));

const trickyString = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'null',
  'undefined',
  'true',
  '0',
  '-1',
  '1e309',
  'NaN',
  '__proto__',
  'constructor',
  '../../etc/passwd',
  "'; drop table users; --",
  '%_%',
  '\\',
  '<script>alert(1)</script>',
  '\ud800',
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
      return fc.boolean();
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
      return fc.oneof(fc.webUrl(), fc.constant(knownUploadUrl));
    case 'purpose':
      return fc.constantFrom('register', 'RESET');
    case 'page':
    case 'pageSize':
      return fc.integer({ min: -1, max: 100_001 });
    case 'q':
      return fc.string({ minLength: 40, maxLength: 42 });
    case 'userId':
      return fc.oneof(fc.uuid(), fc.string({ minLength: 60, maxLength: 70 }));
    default:
      return canonical(field);
  }
}

function shapeOf(call: CallDefinition): Record<string, z.ZodType> {
  return call.body instanceof z.ZodObject ? (call.body.shape as Record<string, z.ZodType>) : {};
}

const ABSENT = Symbol('absent');
const strangers = fc.oneof(
  { weight: 4, arbitrary: fc.constant({}) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 12 }), junk, { minKeys: 1, maxKeys: 3 }) },
);

/**
 * An object with the call's own field names: either what a correct client
 * sends (every required field, seldom an optional one) or a mix of right,
 * almost right, junk and missing fields; now and then with a few strangers.
 */
function fieldsOf(call: CallDefinition): fc.Arbitrary<Record<string, unknown>> {
  const shape = shapeOf(call);
  const names = Object.keys(shape);
  const realistic = fc.record(
    Object.fromEntries(
      names.map((name) => [
        name,
        shape[name]!.isOptional()
          ? fc.oneof({ weight: 3, arbitrary: fc.constant(ABSENT) }, { weight: 1, arbitrary: canonical(name) })
          : canonical(name),
      ]),
    ),
  );
  const mixed = fc.record(
    Object.fromEntries(
      names.map((name) => [
        name,
        fc.oneof(
          { weight: 1, arbitrary: fc.constant(ABSENT) },
          { weight: 2, arbitrary: canonical(name) },
          { weight: 2, arbitrary: nearby(name) },
          { weight: 2, arbitrary: junk },
        ),
      ]),
    ),
  );
  return fc
    .tuple(fc.oneof(realistic, mixed), strangers)
    .map(([own, extra]) => ({ ...extra, ...Object.fromEntries(Object.entries(own).filter(([, value]) => value !== ABSENT)) }));
}

type Signing = 'valid' | 'wrong-sign' | 'wrong-key' | 'stale' | 'future' | 'unsigned' | 'junk-signed';
const signing = fc.oneof(
  { weight: 6, arbitrary: fc.constant<Signing>('valid') },
  { weight: 1, arbitrary: fc.constantFrom<Signing>('wrong-sign', 'wrong-key', 'stale', 'future', 'unsigned', 'junk-signed') },
);
const junkSigned = fc.record(
  {
    token: junk,
    appid: fc.oneof(fc.constant('wallet-test'), junk),
    secret: fc.oneof(fc.constant('t1'), junk),
    times: fc.oneof(fc.constant(Date.now()), junk),
    ranstr: fc.oneof(fc.stringMatching(/^[A-Za-z0-9]{16}$/), junk),
    sign: fc.oneof(fc.stringMatching(/^[0-9a-f]{32}$/), junk),
  },
  { requiredKeys: [] },
);

type TokenKind = 'none' | 'valid' | 'frozen' | 'unknown' | 'junk';
const tokenKind = fc.constantFrom<TokenKind>('valid', 'valid', 'valid', 'none', 'frozen', 'unknown', 'junk');

const acceptLanguage = fc.constantFrom('en', 'zh-CN', 'ar', 'de;q=0.5, fr;q=abc', '*', 'xx-YY', '', 'a'.repeat(300));

/** What goes on the wire: a JSON value, or now and then text that is not JSON at all. */
type Wire = { json: unknown } | { text: string };

// ---------------------------------------------------------------- the invariant

interface Answer {
  status: number;
  text: string;
}

async function send(path: string, wire: Wire, headers: Record<string, string>): Promise<Answer> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': randomIp(), ...headers },
    body: 'json' in wire ? JSON.stringify(wire.json) : wire.text,
  });
  return { status: response.status, text: await response.text() };
}

function checkEnvelope(call: CallDefinition, answer: Answer, sent: unknown): void {
  const check = (ok: boolean, what: string) => {
    if (!ok) throw new Error(`${what}: ${call.path} → ${answer.status} ${answer.text.slice(0, 400)}\nsent: ${JSON.stringify(sent)?.slice(0, 400)}`);
  };
  let body: { code?: unknown; mess?: unknown; data?: Record<string, unknown> } = {};
  try {
    body = JSON.parse(answer.text) as typeof body;
  } catch {
    check(false, 'not JSON');
  }
  check(answer.status < 500, 'a 5xx');
  check(body.code === answer.status, 'code differs from the status');
  check(typeof body.mess === 'string' && body.mess.length > 0, 'no mess');
  if (answer.status === 200) {
    check(call.result.safeParse(body.data).success, 'data is not the contract result');
    return;
  }
  const reason = body.data?.['reason'];
  check(typeof reason === 'string' && reason in REASONS, 'unknown reason');
  check(REASONS[reason as keyof typeof REASONS] === answer.status, 'reason of another status');
  if (answer.status === 400) {
    const fields = body.data?.['fields'];
    check(typeof fields === 'object' && fields !== null && Object.keys(fields).length > 0, '400 without fields');
    check(Object.values(fields as object).every((m) => typeof m === 'string' && m.length > 0), 'a field without a message');
  }
  if (answer.status === 429) check(typeof body.data?.['retryAfterSeconds'] === 'number' && body.data['retryAfterSeconds'] > 0, '429 without retryAfterSeconds');
}

// ---------------------------------------------------------------- the properties

describe('every account call answers any body with a proper envelope', () => {
  it.each(APP_CALLS.map((call) => [call.path, call] as const))('%s', async (_path, call) => {
    const body = fc.oneof(
      { weight: 12, arbitrary: fc.tuple(fieldsOf(call), signing, junkSigned).map(([fields, how, signedJunk]) => ({ fields, how, signedJunk })) },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((json) => ({ raw: { json } as Wire })) },
      { weight: 1, arbitrary: fc.string({ maxLength: 60 }).map((text) => ({ raw: { text } as Wire })) },
    );
    await fc.assert(
      fc.asyncProperty(body, tokenKind, fc.string({ maxLength: 50 }), acceptLanguage, async (input, kind, junkToken, language) => {
        const headers = { 'accept-language': language };
        if ('raw' in input) {
          checkEnvelope(call, await send(call.path, input.raw, headers), input.raw);
          return;
        }
        const user = kind === 'valid' || kind === 'frozen' ? await mintUser(kind === 'frozen') : null;
        const token = user?.token ?? (kind === 'unknown' ? randomBytes(32).toString('base64url') : kind === 'junk' ? junkToken : 'none');
        const fields = (await materialise(input.fields, user)) as Record<string, unknown>;
        const now = Date.now();
        const signedFields = {
          valid: () => signedBody(fields, { token }),
          'wrong-sign': () => ({ ...signedBody(fields, { token }), sign: 'f'.repeat(32) }),
          'wrong-key': () => signedBody(fields, { token, key: 'some-other-key' }),
          stale: () => signedBody(fields, { token, times: now - 6 * 60_000 }),
          future: () => signedBody(fields, { token, times: now + 6 * 60_000 }),
          unsigned: () => ({ token, ...fields }),
          'junk-signed': () => ({ ...fields, ...input.signedJunk }),
        }[input.how]();
        checkEnvelope(call, await send(call.path, { json: signedFields }, headers), signedFields);
      }),
      { numRuns: RUNS_PER_CALL },
    );
  });
});

describe('every operator call answers any body with a proper envelope', () => {
  type Bearer = 'valid' | 'none' | 'unknown' | 'user-token' | 'junk' | 'other-scheme';
  const bearer = fc.constantFrom<Bearer>('valid', 'valid', 'valid', 'none', 'unknown', 'user-token', 'junk', 'other-scheme');

  it.each(OPERATOR_CALLS.map((call) => [call.path, call] as const))('%s', async (_path, call) => {
    const body = fc.oneof(
      { weight: 12, arbitrary: fieldsOf(call).map((json) => ({ json }) as Wire) },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((json) => ({ json }) as Wire) },
      { weight: 1, arbitrary: fc.string({ maxLength: 60 }).map((text) => ({ text }) as Wire) },
    );
    await fc.assert(
      fc.asyncProperty(body, bearer, fc.string({ maxLength: 120 }), acceptLanguage, async (wire, kind, junkHeader, language) => {
        const authorization = {
          valid: async () => `Bearer ${await operatorSessions.create(operatorId, Date.now())}`,
          none: async () => undefined,
          unknown: async () => `Bearer ${randomBytes(32).toString('base64url')}`,
          'user-token': async () => `Bearer ${(await mintUser(false)).token}`,
          junk: async () => junkHeader.replace(/[^\x20-\x7e]/g, ''),
          'other-scheme': async () => `Basic ${Buffer.from(`${TEST_OPERATOR.username}:${TEST_OPERATOR.password}`).toString('base64')}`,
        }[kind];
        const header = await authorization();
        const materialised: Wire = 'json' in wire ? { json: await materialise(wire.json, null) } : wire;
        const answer = await send(call.path, materialised, { 'accept-language': language, ...(header !== undefined ? { authorization: header } : {}) });
        checkEnvelope(call, answer, materialised);
      }),
      { numRuns: RUNS_PER_CALL },
    );
  });
});

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
    const token = signedIn ? (await mintUser(false)).token : 'none';
    const body = signedBody(fields, { token });
    const answer = await send(path, { json: body }, {});
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toMatchObject({ code: 400, data: { reason: 'VALIDATION', fields: { [field]: 'This value is not allowed.' } } });
  });

  const operatorCases: [string, Record<string, unknown>, string][] = [
    ['/admin/api/login', { username: 'ad\u0000min', password: 'whatever' }, 'username'],
    ['/admin/api/users', { q: 'a\u0000' }, 'q'],
    ['/admin/api/users/freeze', { userId: '\u0000', frozen: true }, 'userId'],
  ];

  it.each(operatorCases)('%s: %j → 400 naming %s', async (path, body, field) => {
    const authorization = `Bearer ${await operatorSessions.create(operatorId, Date.now())}`;
    const answer = await send(path, { json: body }, { authorization });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toMatchObject({ code: 400, data: { reason: 'VALIDATION', fields: { [field]: 'This value is not allowed.' } } });
  });
});
