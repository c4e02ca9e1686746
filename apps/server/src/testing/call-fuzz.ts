import { randomBytes, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { REASONS, type CallDefinition } from '@wallet/contract';
import { openUserAccounts } from '../ledger/accounts.js';
import { hashPassword } from '../security/passwords.js';
import { OPERATOR_SESSION_TTL_MS, SessionStore, USER_SESSION_TTL_MS } from '../modules/sessions/session-store.js';
import { registerUser, type RegisteredUser } from './accounts.js';
import { TEST_OPERATOR, TEST_ROOT_INVITE_CODE, signedBody, type TestServer } from './test-server.js';
import { randomIp } from './typed-call.js';

/*
 * Random bodies to the calls of the contract: whatever arrives, the answer is
 * the envelope PRODUCT §2 promises, never a 500. A test file says which calls,
 * what a right, an almost right and a junk value of each field is, and which
 * stand-ins of its own become real things on the server just before sending.
 */

/**
 * Stand-ins any arbitrary may use, replaced just before sending: an upload of
 * the run's user, its id and its username (with no user, as for an operator's
 * call: the known user's).
 */
export const OWN_UPLOAD = 'own-upload:fuzz';
export const KNOWN_USER_ID = 'known-user-id:fuzz';
export const KNOWN_USERNAME = 'known-username:fuzz';

/** Strings any field has to survive: empty, blank, NUL, words a parser might take for other values, prototype keys, LIKE wildcards, a lone surrogate. */
export const TRICKY_STRINGS = ['', ' ', '\u0000', 'a\u0000b', 'null', 'true', '0', '-1', '1e309', 'NaN', '__proto__', 'constructor', '%_%', '\\', '\ud800'];

export interface FuzzUser {
  id: string;
  username: string;
  token: string;
}

/** What goes on the wire: a JSON value, or now and then text that is not JSON at all. */
export type Wire = { json: unknown } | { text: string };

export interface Answer {
  status: number;
  /** The body as text, a leading byte-order mark kept. */
  text: string;
  contentType: string;
}

export type Signing = 'valid' | 'wrong-sign' | 'wrong-key' | 'stale' | 'future' | 'unsigned' | 'junk-signed';
export type TokenKind = 'none' | 'valid' | 'frozen' | 'unknown' | 'junk';
export type Bearer = 'valid' | 'none' | 'unknown' | 'user-token' | 'junk' | 'other-scheme';

/** How the fields of a call's body are drawn. */
/** Mostly a valid signature, now and then one of each way to get it wrong. */
export const FUZZ_SIGNING = fc.oneof(
  { weight: 8, arbitrary: fc.constant<Signing>('valid') },
  { weight: 1, arbitrary: fc.constantFrom<Signing>('wrong-sign', 'stale', 'unsigned', 'junk-signed') },
);

/** Mostly a valid user token, now and then none, a frozen user's, an unknown or a junk one. */
export const FUZZ_TOKEN_KIND = fc.oneof(
  { weight: 8, arbitrary: fc.constant<TokenKind>('valid') },
  { weight: 1, arbitrary: fc.constantFrom<TokenKind>('none', 'frozen', 'unknown', 'junk') },
);

/** Mostly a valid operator bearer token, now and then a missing, unknown, user's, junk or other-scheme one. */
export const FUZZ_BEARER = fc.oneof(
  { weight: 8, arbitrary: fc.constant<Bearer>('valid') },
  { weight: 1, arbitrary: fc.constantFrom<Bearer>('none', 'unknown', 'user-token', 'junk', 'other-scheme') },
);

/** The password and payment password of the known user and of every minted one. */
/** What one group of calls finds tricky: its strings, its edge numbers, the units of its huge strings. */
export interface JunkOptions {
  tricky: fc.Arbitrary<string>;
  edgeNumbers: number[];
  hugeUnits: string[];
  hugeMax: number;
  /** Numbers sent as text too ("12.5"): for calls that read amounts. */
  numberStrings?: boolean;
}

/** Anything a client could put in a field: any JSON, binary text, the group's tricky strings and edge numbers, a huge string. */
export function junkOf({ tricky, edgeNumbers, hugeUnits, hugeMax, numberStrings = false }: JunkOptions): fc.Arbitrary<unknown> {
  const hugeString = fc.tuple(fc.constantFrom(...hugeUnits), fc.integer({ min: 1_000, max: hugeMax })).map(([unit, n]) => unit.repeat(n));
  const junkNumber = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(...edgeNumbers));
  return fc.oneof(
    { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 2, arbitrary: tricky },
    ...(numberStrings ? [{ weight: 2, arbitrary: fc.oneof(fc.integer().map(String), fc.double().map(String)) }] : []),
    { weight: 2, arbitrary: junkNumber },
    { weight: 1, arbitrary: hugeString },
    { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, [[[]]], [null], { '': null }) },
  );
}

/** The languages a client may ask for: known ones, weighted lists with junk in them, none. */
export const FUZZ_ACCEPT_LANGUAGE = fc.constantFrom('en', 'zh-CN', 'ar', 'de;q=0.5, fr;q=abc', '*', 'xx-YY', '');

export const FUZZ_PASSWORD = 'fuzzPass1';
export const FUZZ_PAY_PASSWORD = '135790';

/** A client as the app is: mostly signed, signed in and well formed, its users with their ledger accounts. */
export const USUAL_CLIENT = {
  password: FUZZ_PASSWORD,
  payPassword: FUZZ_PAY_PASSWORD,
  ledgerAccounts: true,
  signing: FUZZ_SIGNING,
  tokenKind: FUZZ_TOKEN_KIND,
  bearer: FUZZ_BEARER,
} satisfies Partial<CallFuzzSetup>;

/** Mostly right bodies, so calls get past validation to their rules, with enough wrong ones to test validation. */
export const MOSTLY_RIGHT_BODIES = {
  mix: { absent: 1, canonical: 3, nearby: 2, junk: 1 },
  bodies: { realistic: 3, mixed: 2 },
} satisfies Partial<FieldArbitraries>;

export interface FieldArbitraries {
  /** What a correct client sends for a field of this name, so calls get past validation to their rules. */
  canonical(field: string, path: string): fc.Arbitrary<unknown>;
  /** Almost right: the values a rule has to tell apart from right ones. */
  nearby(field: string, path: string): fc.Arbitrary<unknown>;
  /** Anything a client could put in a field. */
  junk: fc.Arbitrary<unknown>;
  /** The weights of leaving an optional field out and of sending it, in a correct client's body. */
  optional(field: string): { absent: number; sent: number };
  /** The weights of a field's kinds in a mixed body. */
  mix: { absent: number; canonical: number; nearby: number; junk: number };
  /** The weights of a correct client's body and of a mixed one. */
  bodies: { realistic: number; mixed: number };
}

export interface CallFuzzSetup {
  /** The password and payment password of the known user and of every minted one. */
  password: string;
  payPassword: string;
  /** Minted users get their ledger accounts, as registration opens them. */
  ledgerAccounts?: boolean;
  fields: FieldArbitraries;
  signing: fc.Arbitrary<Signing>;
  tokenKind: fc.Arbitrary<TokenKind>;
  bearer: fc.Arbitrary<Bearer>;
  acceptLanguage: fc.Arbitrary<string>;
  /** The file's own stand-ins, and how each becomes real for a run's user (none for an operator). */
  standIns?: Map<string, (user: FuzzUser | null) => unknown>;
  /** Done for a run's signed-in user before an app call is sent. */
  prepareUser?: (call: CallDefinition, user: FuzzUser) => Promise<void>;
  /**
   * A download call's success is a file, not an envelope: what is wrong with
   * it, or undefined. Without this, such a success fails as not JSON.
   */
  download?: (call: CallDefinition, answer: Answer) => string | undefined;
  numRuns: number;
}

function shapeOf(call: CallDefinition): Record<string, z.ZodType> {
  return call.body instanceof z.ZodObject ? (call.body.shape as Record<string, z.ZodType>) : {};
}

const ABSENT = Symbol('absent');

/**
 * An object with the call's own field names: either what a correct client
 * sends (every required field, now and then an optional one) or a mix of
 * right, almost right, junk and missing fields; now and then with a few strangers.
 */
function fieldsOf(call: CallDefinition, arbitraries: FieldArbitraries): fc.Arbitrary<Record<string, unknown>> {
  const { canonical, nearby, junk, optional, mix, bodies } = arbitraries;
  const shape = shapeOf(call);
  const names = Object.keys(shape);
  const realistic = fc.record(
    Object.fromEntries(
      names.map((name) => [
        name,
        shape[name]!.isOptional()
          ? fc.oneof(
              { weight: optional(name).absent, arbitrary: fc.constant(ABSENT) },
              { weight: optional(name).sent, arbitrary: canonical(name, call.path) },
            )
          : canonical(name, call.path),
      ]),
    ),
  );
  const mixed = fc.record(
    Object.fromEntries(
      names.map((name) => [
        name,
        fc.oneof(
          { weight: mix.absent, arbitrary: fc.constant(ABSENT) },
          { weight: mix.canonical, arbitrary: canonical(name, call.path) },
          { weight: mix.nearby, arbitrary: nearby(name, call.path) },
          { weight: mix.junk, arbitrary: junk },
        ),
      ]),
    ),
  );
  const strangers = fc.oneof(
    { weight: 4, arbitrary: fc.constant({}) },
    { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 12 }), junk, { minKeys: 1, maxKeys: 3 }) },
  );
  return fc
    .tuple(fc.oneof({ weight: bodies.realistic, arbitrary: realistic }, { weight: bodies.mixed, arbitrary: mixed }), strangers)
    .map(([own, extra]) => ({ ...extra, ...Object.fromEntries(Object.entries(own).filter(([, value]) => value !== ABSENT)) }));
}

/** The signing fields, each right, junk or missing. */
function junkSignedFields(junk: fc.Arbitrary<unknown>) {
  return fc.record(
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
}

/** The invariant: an envelope whose code is the status, a message, and the contract's result or a known reason of that status. */
function checkEnvelope(call: CallDefinition, answer: Answer, sent: unknown, download?: CallFuzzSetup['download']): void {
  const check = (ok: boolean, what: string) => {
    if (!ok) throw new Error(`${what}: ${call.path} → ${answer.status} ${answer.text.slice(0, 400)}\nsent: ${JSON.stringify(sent)?.slice(0, 600)}`);
  };
  if (call.download && download && answer.status === 200) {
    const problem = download(call, answer);
    check(problem === undefined, `not the download: ${problem}`);
    return;
  }
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

/** A group of tests, one a call, named by its path, that runs `property` on the call. */
export function describeEachCall(title: string, calls: CallDefinition[], property: (call: CallDefinition) => Promise<void>): void {
  describe(title, () => {
    it.each(calls.map((call) => [call.path, call] as const))('%s', (_path, call) => property(call));
  });
}

/** An upload of the user's, as if made through the upload call. */
async function insertUpload(server: TestServer, userId: string): Promise<string> {
  const id = randomUUID();
  const url = `/uploads/${id}.png`;
  await server.database.db.insertInto('uploads').values({ id, user_id: userId, url, content_type: 'image/png', size: 1, created_at: Date.now() }).execute();
  return url;
}

/** A running server, the sessions and users the runs need on it, and the properties over a call. */
export class CallFuzz {
  private constructor(
    readonly server: TestServer,
    private readonly setup: CallFuzzSetup,
    /** A user registered through the API with the setup's passwords, and an upload of theirs. */
    readonly known: RegisteredUser & { id: string },
    readonly knownUploadUrl: string,
    private readonly operatorId: string,
    private readonly hashes: { password: string; pay: string },
    private readonly userSessions: SessionStore,
    private readonly operatorSessions: SessionStore,
  ) {}

  static async start(server: TestServer, setup: CallFuzzSetup): Promise<CallFuzz> {
    const { db } = server.database;
    const registered = await registerUser(server, { password: setup.password, payPassword: setup.payPassword });
    const known = { ...registered, id: (await db.selectFrom('users').select('id').where('username', '=', registered.username).executeTakeFirstOrThrow()).id };
    const knownUploadUrl = await insertUpload(server, known.id);
    const operatorId = (await db.selectFrom('operators').select('id').executeTakeFirstOrThrow()).id;
    const hashes = { password: await hashPassword(setup.password), pay: await hashPassword(setup.payPassword) };
    const userSessions = new SessionStore(db, 'user_sessions', USER_SESSION_TTL_MS);
    const operatorSessions = new SessionStore(db, 'operator_sessions', OPERATOR_SESSION_TTL_MS);
    return new CallFuzz(server, setup, known, knownUploadUrl, operatorId, hashes, userSessions, operatorSessions);
  }

  /** A user of its own for one run (so one run's changes do not steer the next), with a live session. */
  async mintUser(frozen: boolean): Promise<FuzzUser> {
    const id = randomUUID();
    const username = `fz${randomBytes(6).toString('hex')}`;
    const now = Date.now();
    const token = await this.server.database.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('users')
        .values({
          id,
          username,
          username_key: username,
          password_hash: this.hashes.password,
          pay_password_hash: this.hashes.pay,
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
      if (this.setup.ledgerAccounts) await openUserAccounts(trx, id, now);
      return this.userSessions.create(id, now, trx);
    });
    return { id, username, token };
  }

  /** A live operator session, as an authorization header. */
  async operatorAuthorization(): Promise<string> {
    return `Bearer ${await this.operatorSessions.create(this.operatorId, Date.now())}`;
  }

  async send(path: string, wire: Wire, headers: Record<string, string>): Promise<Answer> {
    const response = await fetch(`${this.server.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': randomIp(), ...headers },
      body: 'json' in wire ? JSON.stringify(wire.json) : wire.text,
    });
    // Decoded by hand: response.text() drops a leading byte-order mark, which a download has to carry.
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
    return { status: response.status, text, contentType: response.headers.get('content-type') ?? '' };
  }

  /** Replaces the stand-ins, at any depth, with real things. */
  async materialise(value: unknown, user: FuzzUser | null): Promise<unknown> {
    if (value === OWN_UPLOAD) return user ? insertUpload(this.server, user.id) : this.knownUploadUrl;
    if (value === KNOWN_USER_ID) return user?.id ?? this.known.id;
    if (value === KNOWN_USERNAME) return user?.username ?? this.known.username;
    const standIn = typeof value === 'string' ? this.setup.standIns?.get(value) : undefined;
    if (standIn) return standIn(user);
    if (Array.isArray(value)) return Promise.all(value.map((item) => this.materialise(item, user)));
    if (typeof value === 'object' && value !== null) {
      const entries = await Promise.all(Object.entries(value).map(async ([k, v]) => [k, await this.materialise(v, user)] as const));
      return Object.fromEntries(entries);
    }
    return value;
  }

  /** The app call answers any body, signed or not, from any user or none, with a proper envelope. */
  async appCall(call: CallDefinition): Promise<void> {
    const { fields, signing, tokenKind, acceptLanguage, prepareUser, numRuns } = this.setup;
    const body = fc.oneof(
      {
        weight: 12,
        arbitrary: fc.tuple(fieldsOf(call, fields), signing, junkSignedFields(fields.junk)).map(([own, how, signedJunk]) => ({ fields: own, how, signedJunk })),
      },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((json) => ({ raw: { json } as Wire })) },
      { weight: 1, arbitrary: fc.string({ maxLength: 60 }).map((text) => ({ raw: { text } as Wire })) },
    );
    await fc.assert(
      fc.asyncProperty(body, tokenKind, fc.string({ maxLength: 50 }), acceptLanguage, async (input, kind, junkToken, language) => {
        const headers = { 'accept-language': language };
        if ('raw' in input) {
          checkEnvelope(call, await this.send(call.path, input.raw, headers), input.raw, this.setup.download);
          return;
        }
        const user = kind === 'valid' || kind === 'frozen' ? await this.mintUser(kind === 'frozen') : null;
        if (user && prepareUser) await prepareUser(call, user);
        const token = user?.token ?? (kind === 'unknown' ? randomBytes(32).toString('base64url') : kind === 'junk' ? junkToken : 'none');
        const materialised = (await this.materialise(input.fields, user)) as Record<string, unknown>;
        const now = Date.now();
        const signedFields = {
          valid: () => signedBody(materialised, { token }),
          'wrong-sign': () => ({ ...signedBody(materialised, { token }), sign: 'f'.repeat(32) }),
          'wrong-key': () => signedBody(materialised, { token, key: 'some-other-key' }),
          stale: () => signedBody(materialised, { token, times: now - 6 * 60_000 }),
          future: () => signedBody(materialised, { token, times: now + 6 * 60_000 }),
          unsigned: () => ({ token, ...materialised }),
          'junk-signed': () => ({ ...materialised, ...input.signedJunk }),
        }[input.how]();
        checkEnvelope(call, await this.send(call.path, { json: signedFields }, headers), signedFields, this.setup.download);
      }),
      { numRuns },
    );
  }

  /** The operator call answers any body, with any authorization or none, with a proper envelope. */
  async operatorCall(call: CallDefinition): Promise<void> {
    const { fields, bearer, acceptLanguage, numRuns } = this.setup;
    const body = fc.oneof(
      { weight: 12, arbitrary: fieldsOf(call, fields).map((json) => ({ json }) as Wire) },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((json) => ({ json }) as Wire) },
      { weight: 1, arbitrary: fc.string({ maxLength: 60 }).map((text) => ({ text }) as Wire) },
    );
    await fc.assert(
      fc.asyncProperty(body, bearer, fc.string({ maxLength: 120 }), acceptLanguage, async (wire, kind, junkHeader, language) => {
        const authorization = {
          valid: async () => this.operatorAuthorization(),
          none: async () => undefined,
          unknown: async () => `Bearer ${randomBytes(32).toString('base64url')}`,
          'user-token': async () => `Bearer ${(await this.mintUser(false)).token}`,
          junk: async () => junkHeader.replace(/[^\x20-\x7e]/g, ''),
          'other-scheme': async () => `Basic ${Buffer.from(`${TEST_OPERATOR.username}:${TEST_OPERATOR.password}`).toString('base64')}`,
        }[kind];
        const header = await authorization();
        const materialised: Wire = 'json' in wire ? { json: await this.materialise(wire.json, null) } : wire;
        const answer = await this.send(call.path, materialised, { 'accept-language': language, ...(header !== undefined ? { authorization: header } : {}) });
        checkEnvelope(call, answer, materialised, this.setup.download);
      }),
      { numRuns },
    );
  }
}

/** What must never reach a client in a refusal: a stack frame, a source path, a driver's words. */
const INSIDES = /\bat \S+ \(|node_modules|\/src\/|\.ts:\d+|SQLITE_|SqliteError|syntax error at|violates|duplicate key|relation "|kysely/i;

/** Per call path, how many answers came with each reason ('200' for a success). */
export type AnswersByReason = Map<string, Map<string, number>>;

/**
 * Every answer of `target` is checked for the server's insides (besides the
 * envelope the fuzz itself checks), handed to `inspect` with its parsed body,
 * and counted by its reason in `answers`.
 */
export function watchAnswers(target: CallFuzz, answers: AnswersByReason, inspect?: (path: string, answer: Answer, body: { data?: Record<string, unknown> }) => void): void {
  const send = target.send.bind(target);
  target.send = async (path: string, wire: Wire, headers: Record<string, string>): Promise<Answer> => {
    const answer = await send(path, wire, headers);
    if (answer.status !== 200) expect(answer.text, `${path}: ${JSON.stringify(wire).slice(0, 300)}`).not.toMatch(INSIDES);
    let reason = String(answer.status);
    try {
      const body = JSON.parse(answer.text) as { data?: Record<string, unknown> };
      reason = String(body.data?.['reason'] ?? answer.status);
      inspect?.(path, answer, body);
    } catch (error) {
      // Not JSON: the envelope check of the fuzz reports it.
      if (!(error instanceof SyntaxError)) throw error;
    }
    const byReason = answers.get(path) ?? new Map<string, number>();
    byReason.set(reason, (byReason.get(reason) ?? 0) + 1);
    answers.set(path, byReason);
    return answer;
  };
}
