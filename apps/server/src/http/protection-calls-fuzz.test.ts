import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CALLS,
  LIMIT_KINDS,
  LIMIT_PERIODS,
  OPERATOR_CALLS,
  REALITY_CHECK_MINUTES,
  REASONS,
  SELF_EXCLUSION_MONTHS,
  STATEMENT_EXPORT_MAX_DAYS,
  TIMEOUT_DAYS,
  dayCount,
  formatMoney,
  isCalendarDate,
  localDateOf,
  type CallDefinition,
} from '@wallet/contract';
import * as protectionCalls from '../../../../packages/contract/src/calls/protection.js';
import { operatorToken } from '../testing/accounts.js';
import {
  CallFuzz,
  FUZZ_ACCEPT_LANGUAGE,
  junkOf,
  FUZZ_PASSWORD,
  FUZZ_PAY_PASSWORD,
  MOSTLY_RIGHT_BODIES,
  TRICKY_STRINGS,
  USUAL_CLIENT,
  describeEachCall,
  watchAnswers,
  type Answer,
  type AnswersByReason,
  type CallFuzzSetup,
  type FuzzUser,
  type Wire,
} from '../testing/call-fuzz.js';
import { verifyLedger } from '../testing/money.js';
import { startTestServer, type TestServer } from '../testing/test-server.js';
import { callAs, operatorCallAs } from '../testing/typed-call.js';

/*
 * Random bodies to every player-protection call and to the statement export
 * (PRODUCT §12): whatever arrives, the answer is the envelope PRODUCT §2
 * promises, never a 500, or, for an export that succeeds, a CSV file with
 * its byte-order mark and header line. Every signed-in run has a user of its
 * own, so a time-out or self-exclusion one run takes never reaches the next;
 * users come with limits, a running chase and now and then a time-out
 * already, so the calls meet raises, cancelled chases and breaks.
 */

/** Per call: enough to reach each call's rules through the canonical values below, small enough for well under a minute on both databases. */
const RUNS_PER_CALL = 80;
/** The reality-check form of saving, whose fields a limit's body leaves out. */
const REALITY_CHECK_RUNS = 40;

const PROTECTION_CALLS = Object.values(protectionCalls).filter((value) => typeof value === 'object' && 'path' in value) as CallDefinition[];

const CSV_HEADER = 'time,kind,account,amount,balance_after,reference';
/** The built-in project a prepared user chases in: one-minute periods, ten seconds of lock. */
const CHASED_PROJECT = 'fast3-1m';
/** The limits a prepared user has in force (and one raise waiting), so saved amounts land below, on and above them. */
const LIMIT_IN_FORCE = '500.00';
const LIMIT_WAITING = '800.00';

let server: TestServer;
let fuzz: CallFuzz;
let realityCheckFuzz: CallFuzz;
let operatorBearer: string;
/** Today in the server's time zone: statement ranges are drawn around it. */
let today: string;
/** What each call answered: status and reason, to show the rules behind validation were reached. */
const answers: AnswersByReason = new Map();
const realityCheckAnswers: AnswersByReason = new Map();
/** How often a body the schema lets through met each rule of the calls' own. */
const rulesMet = new Map<string, number>();
/** Per call path, how many users were prepared, how many of them were on a break already, and how many had a chase running. */
const prepared = new Map<string, { users: number; onBreak: number; chases: number }>();
/** Successful exports with at least one line of the ledger in them. */
let exportsWithLines = 0;

beforeAll(async () => {
  server = await startTestServer();
  fuzz = await CallFuzz.start(server, setup);
  realityCheckFuzz = await CallFuzz.start(server, realityCheckSetup);
  operatorBearer = await operatorToken(server);
  today = localDateOf(Date.now(), server.config.timeZone);
  watchAnswers(fuzz, answers);
  watchAnswers(realityCheckFuzz, realityCheckAnswers);
  watchRules(fuzz);
});
afterAll(async () => server.close());

// ---------------------------------------------------------------- prepared users

async function fundUser(userId: string, amount: string): Promise<void> {
  const funded = await operatorCallAs(server, operatorBearer, OPERATOR_CALLS.adjustUser, { userId, account: 'available', amount, reason: 'Fuzz funds', requestId: randomUUID() });
  expect(funded.status, JSON.stringify(funded.body)).toBe(200);
}

/** The chased project's period to start a chase in (open, or upcoming during a lock), read again once it locks. */
let openPeriod: { periodNo: string; locksAt: number } | null = null;
async function periodToChase(user: FuzzUser): Promise<string | null> {
  if (openPeriod && Date.now() < openPeriod.locksAt - 1_000) return openPeriod.periodNo;
  const answer = await callAs(server, user, CALLS.gamePeriod, { projectId: CHASED_PROJECT });
  // During the lock the read answers the next period, upcoming: a chase may start there too.
  if (answer.status !== 200 || !['open', 'upcoming'].includes(answer.body.data.status)) return null;
  openPeriod = { periodNo: answer.body.data.periodNo, locksAt: Date.now() + answer.body.data.locksAt - answer.body.data.serverTime };
  return Date.now() < openPeriod.locksAt - 1_000 ? openPeriod.periodNo : null;
}

/** Money and a chase of three periods: the first ordered now when its period is open, the others waiting. */
async function withChase(user: FuzzUser): Promise<boolean> {
  await fundUser(user.id, '50.00');
  const startPeriodNo = await periodToChase(user);
  if (!startPeriodNo) return false;
  const started = await callAs(server, user, CALLS.startChase, {
    projectId: CHASED_PROJECT,
    startPeriodNo,
    periods: 3,
    selections: [{ option: 'big', quantity: 2 }],
    stopOnWin: false,
    requestId: randomUUID(),
  });
  return started.status === 200;
}

/** A deposit limit per day in force with a raise waiting, and a loss limit per week in force. */
async function withLimits(user: FuzzUser): Promise<void> {
  await callAs(server, user, CALLS.saveLimit, { kind: 'deposit', period: 'day', amount: LIMIT_IN_FORCE });
  await callAs(server, user, CALLS.saveLimit, { kind: 'deposit', period: 'day', amount: LIMIT_WAITING });
  await callAs(server, user, CALLS.saveLimit, { kind: 'loss', period: 'week', amount: LIMIT_IN_FORCE });
}

/** Every other prepared user of a call takes a day's time-out first: the calls have to work on, or extend it. */
async function prepareUser(call: CallDefinition, user: FuzzUser): Promise<void> {
  const counts = prepared.get(call.path) ?? { users: 0, onBreak: 0, chases: 0 };
  prepared.set(call.path, counts);
  counts.users += 1;
  if (call === protectionCalls.saveLimit || call === protectionCalls.playerLimits) await withLimits(user);
  if (call !== protectionCalls.saveLimit && (await withChase(user))) counts.chases += 1;
  if (counts.users % 2 === 0 && (await callAs(server, user, CALLS.takeTimeout, { days: 1 })).status === 200) counts.onBreak += 1;
}

/** The export's success: a CSV file, UTF-8 with a byte-order mark, whose first line is the header. */
function checkStatement(_call: CallDefinition, answer: Answer): string | undefined {
  if (!answer.contentType.startsWith('text/csv')) return `content-type ${answer.contentType}`;
  if (!answer.text.startsWith('\uFEFF')) return 'no byte-order mark';
  if (!answer.text.startsWith(`\uFEFF${CSV_HEADER}\r\n`)) return 'not the header line';
  if (answer.text.length > CSV_HEADER.length + 3) exportsWithLines += 1;
  return undefined;
}

/**
 * Counts the answers only a call's own rules give: a range of real days
 * exported, or refused as reversed or too long (at exactly 366 days, the
 * longest let through, counted apart), and a well-formed password refused as wrong.
 */
function watchRules(target: CallFuzz): void {
  const send = target.send.bind(target);
  target.send = async (path: string, wire: Wire, headers: Record<string, string>): Promise<Answer> => {
    const answer = await send(path, wire, headers);
    const sent = 'json' in wire && typeof wire.json === 'object' && wire.json !== null ? (wire.json as Record<string, unknown>) : {};
    let refused: string[] = [];
    try {
      refused = Object.keys((JSON.parse(answer.text) as { data?: { fields?: object } }).data?.fields ?? {});
    } catch {
      // A file, not an envelope.
    }
    const onlyOn = (field: string) => answer.status === 400 && refused.length === 1 && refused[0] === field;
    const met = (rule: string) => rulesMet.set(rule, (rulesMet.get(rule) ?? 0) + 1);
    const { from, to, months, password } = sent;
    if (path === protectionCalls.exportStatement.path && typeof from === 'string' && typeof to === 'string' && isCalendarDate(from) && isCalendarDate(to)) {
      if (onlyOn('to')) met(to < from ? 'reversed range' : 'range too long');
      if (answer.status === 200) met(dayCount(from, to) === STATEMENT_EXPORT_MAX_DAYS ? 'range of 366 days' : 'range');
    }
    const wellFormed = typeof password === 'string' && password.length >= 1 && password.length <= 20 && (SELF_EXCLUSION_MONTHS as readonly unknown[]).includes(months);
    if (path === protectionCalls.selfExclude.path && wellFormed && onlyOn('password')) met('wrong password');
    return answer;
  };
}

// ---------------------------------------------------------------- arbitraries

const trickyString = fc.constantFrom(
  ...TRICKY_STRINGS,
  '-0',
  'Infinity',
  "'; drop table player_protection; --",
  '１２３',
  '٣',
  '99999999999999999999',
  'deposit',
  'realityCheck',
  'day',
  '2026-01-01',
  '=HYPERLINK("x")',
);

const junk = junkOf({ tricky: trickyString, edgeNumbers: [0, -0, 1, -1, 0.5, 6.000001, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 63, 5e-324, 1e21], hugeUnits: ['a', '9', '.', '-', 'é', '𝒜', '\u0000', '"', '\\', '🙂'], hugeMax: 200_000, numberStrings: true });

const DAY_MS = 86_400_000;
const daysBefore = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);
const anyDate = fc.date({ min: new Date('2000-01-01'), max: new Date('2035-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));

/**
 * A range's first day: mostly within the last month, else from about a year
 * back (both sides of 366 days, exactly 366 and 367 with today as its end),
 * now and then any day, which may come after the end.
 */
function fromDate(): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: 0, max: 30 }).map((days) => daysBefore(today, days)) },
    { weight: 1, arbitrary: fc.integer({ min: 300, max: 420 }).map((days) => daysBefore(today, days)) },
    { weight: 2, arbitrary: fc.constantFrom(daysBefore(today, 365), daysBefore(today, 366)) },
    { weight: 1, arbitrary: anyDate },
  );
}

/** A range's last day: mostly today, else a few days either side or any day. */
function toDate(): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 5, arbitrary: fc.constant(today) },
    { weight: 2, arbitrary: fc.integer({ min: -3, max: 40 }).map((days) => daysBefore(today, days)) },
    { weight: 1, arbitrary: anyDate },
  );
}

/** A limit as a client types it: the prepared limits, below and above them, removal, any amount now and then, as a JSON number too. */
const limitAmount = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(LIMIT_IN_FORCE, LIMIT_WAITING, '100.00', '1000.00', '0.01', '500') },
  { weight: 2, arbitrary: fc.constant(null) },
  { weight: 2, arbitrary: fc.integer({ min: 1, max: 10_000_000 }).map((cents) => formatMoney(cents)) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 100_000 }) },
);

/** What a correct client sends for a field of this name, so calls get past validation to their rules. */
function canonical(field: string): fc.Arbitrary<unknown> {
  switch (field) {
    case 'kind':
      return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...LIMIT_KINDS) }, { weight: 1, arbitrary: fc.constant('realityCheck') });
    case 'period':
      return fc.constantFrom(...LIMIT_PERIODS);
    case 'amount':
      return limitAmount;
    case 'minutes':
      return fc.constantFrom(...REALITY_CHECK_MINUTES);
    case 'days':
      return fc.constantFrom(...TIMEOUT_DAYS);
    case 'months':
      return fc.constantFrom(...SELF_EXCLUSION_MONTHS);
    case 'password':
      return fc.oneof({ weight: 3, arbitrary: fc.constant(FUZZ_PASSWORD) }, { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9]{6,20}$/) });
    case 'from':
      return fromDate();
    case 'to':
      return toDate();
    default:
      return fc.string({ maxLength: 20 });
  }
}

/** Almost right: the values a rule has to tell apart from right ones. */
function nearby(field: string): fc.Arbitrary<unknown> {
  switch (field) {
    case 'kind':
      return fc.constantFrom('Deposit', 'LOSS', 'losses', 'reality_check', 'realitycheck', 'timeout', '');
    case 'period':
      return fc.constantFrom('Day', 'days', 'year', 'hour', '24h', '');
    case 'amount':
      return fc.constantFrom('0', '0.00', '-5', '-0.01', '1.234', '10000000000.00', '10000000000.01', '1e3', ' 10', 'null', '', 0, -1, 10.005, false);
    case 'minutes':
      return fc.constantFrom(1, 5, 14, 45, 90, 1440, -15, 15.5, '15', null);
    case 'days':
      return fc.constantFrom(0, 2, 14, 41, 43, 365, -7, 7.5, '7', null);
    case 'months':
      return fc.constantFrom(1, 3, 24, 120, -6, 6.5, '6', '0', null);
    case 'password':
      return fc.constantFrom(FUZZ_PASSWORD.toUpperCase(), ` ${FUZZ_PASSWORD}`, `${FUZZ_PASSWORD} `, FUZZ_PAY_PASSWORD, 'x'.repeat(21), '');
    case 'from':
    case 'to':
      return fc.constantFrom('2026-02-29', '2026-02-30', '2026-13-01', '2026-1-1', '20260101', '2026-01-01T00:00:00Z', '1899-12-31', '1900-01-01', '1970-01-01', '2099-12-31', '9999-12-31', today, '');
    default:
      return canonical(field);
  }
}

const setup: CallFuzzSetup = {
  ...USUAL_CLIENT,
  fields: {
    canonical,
    nearby,
    junk,
    // A limit's period and amount nearly always, minutes seldom: most saves are limits.
    optional: (name) => (name === 'minutes' ? { absent: 4, sent: 1 } : { absent: 1, sent: 6 }),
    ...MOSTLY_RIGHT_BODIES,
  },
  acceptLanguage: FUZZ_ACCEPT_LANGUAGE,
  prepareUser,
  download: checkStatement,
  numRuns: RUNS_PER_CALL,
};

/** Saving the reality check: minutes nearly always, a limit's period and amount seldom. */
const realityCheckSetup: CallFuzzSetup = {
  ...setup,
  fields: {
    ...setup.fields,
    canonical: (field) => (field === 'kind' ? fc.constant('realityCheck') : canonical(field)),
    optional: (name) => (name === 'minutes' ? { absent: 1, sent: 8 } : { absent: 8, sent: 1 }),
  },
  numRuns: REALITY_CHECK_RUNS,
};

// ---------------------------------------------------------------- the properties

describeEachCall('every protection call and the statement export answer any body with a proper envelope or the CSV file', PROTECTION_CALLS, (call) => fuzz.appCall(call));
describeEachCall('saving the reality check answers any body with a proper envelope', [protectionCalls.saveLimit], (call) => realityCheckFuzz.appCall(call));

describe('after all of it', () => {
  it('reached the rules behind validation: every call succeeded, ranges were refused as reversed or too long, a password as wrong', () => {
    for (const call of PROTECTION_CALLS) expect(answers.get(call.path)?.get('200') ?? 0, `${call.path}: ${JSON.stringify([...(answers.get(call.path) ?? [])])}`).toBeGreaterThan(0);
    expect(realityCheckAnswers.get(protectionCalls.saveLimit.path)?.get('200') ?? 0).toBeGreaterThan(0);
    for (const byReason of [answers, realityCheckAnswers]) {
      for (const [path, reasons] of byReason) for (const reason of reasons.keys()) expect(reason === '200' || reason in REASONS, `${path}: ${reason}`).toBe(true);
    }
    for (const rule of ['range', 'reversed range', 'range too long', 'wrong password']) expect(rulesMet.get(rule) ?? 0, `${rule} among ${JSON.stringify([...rulesMet])}`).toBeGreaterThan(0);
    expect(exportsWithLines).toBeGreaterThan(0);
    for (const call of PROTECTION_CALLS) {
      expect(prepared.get(call.path)?.onBreak ?? 0, call.path).toBeGreaterThan(0);
      if (call !== protectionCalls.saveLimit) expect(prepared.get(call.path)?.chases ?? 0, call.path).toBeGreaterThan(0);
    }
  });

  it('breaks cancelled waiting chases, and the ledger still balances', async () => {
    const cancelled = await server.database.db.selectFrom('chase_periods').select((eb) => eb.fn.countAll<number>().as('n')).where('reason', '=', 'SELF_EXCLUDED').executeTakeFirstOrThrow();
    expect(Number(cancelled.n)).toBeGreaterThan(0);
    const report = await verifyLedger(server, operatorBearer);
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
  });
});
