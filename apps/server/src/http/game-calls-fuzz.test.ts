import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, LANGUAGES, OPERATOR_CALLS, REASONS, formatMoney, type CallDefinition } from '@wallet/contract';
import { OPTION_CODES, formatOdds, periodAt, winningThrows, type PeriodTiming } from '@wallet/contract/game';
import * as gameCalls from '../../../../packages/contract/src/calls/game.js';
import * as operatorGameCalls from '../../../../packages/contract/src/calls/operator-game.js';
import { operatorToken } from '../testing/accounts.js';
import { CallFuzz, junkOf, watchAnswers, type AnswersByReason, MOSTLY_RIGHT_BODIES, USUAL_CLIENT, KNOWN_USERNAME, TRICKY_STRINGS, describeEachCall, type CallFuzzSetup, type FuzzUser, type Signing, type TokenKind } from '../testing/call-fuzz.js';
import { saveTestProject, SHORT_PROJECT } from '../testing/game.js';
import { verifyLedger } from '../testing/money.js';
import { startTestServer, type TestServer } from '../testing/test-server.js';
import { callAs, operatorCallAs } from '../testing/typed-call.js';

/*
 * Random bodies to every game call of the app and of the console: whatever
 * arrives, the answer is the envelope PRODUCT §2 promises, never a 5xx and
 * never a trace of the server's insides, and the ledger still balances
 * afterwards. Real project ids and the numbers of periods open at the
 * moment of sending come often, so orders get past validation to the
 * period, the balance and the exposure limit.
 */

/** Per call: enough to reach each call's rules through the canonical values below, small enough for well under a minute on both databases. */
const RUNS_PER_CALL = 100;
/** The order call once more, with bodies a correct client sends. */
const ORDER_RUNS = 120;

const APP_GAME_CALLS: CallDefinition[] = [gameCalls.gameProjects, gameCalls.gamePeriod, gameCalls.gameHistory, gameCalls.gameTrend, gameCalls.placeOrder, gameCalls.orderList];
/** Saving a project changes what every other call sees, so it runs last. */
const OPERATOR_GAME_CALLS: CallDefinition[] = [
  operatorGameCalls.listProjects,
  operatorGameCalls.listPeriods,
  operatorGameCalls.periodExposure,
  operatorGameCalls.listOrders,
  operatorGameCalls.saveProject,
];

/** The short project the file adds; its periods are drawn while the fuzz runs. */
const SHORT = SHORT_PROJECT.id!;
/** One option of a period may pay out at most this together: five units of a triple meet it. */
const SHORT_EXPOSURE_LIMIT = '1000.00';
/** A project that exists but is switched off. */
const DISABLED = 'fuzz-disabled';
const TIMINGS: Record<string, PeriodTiming> = {
  [SHORT]: { periodSeconds: SHORT_PROJECT.periodSeconds, lockSeconds: SHORT_PROJECT.lockSeconds },
  'fast3-1m': { periodSeconds: 60, lockSeconds: 10 },
  'fast3-3m': { periodSeconds: 180, lockSeconds: 20 },
};
const REPEATED_REQUEST_IDS = [randomUUID(), randomUUID(), randomUUID()];

/** Stand-ins replaced just before sending: the number of the period running at that moment, the next one, or the latest drawn. */
const openPeriodOf = (projectId: string) => `open-period:${projectId}`;
const NEXT_SHORT_PERIOD = 'next-period:short';
const DRAWN_SHORT_PERIOD = 'drawn-period:short';

let server: TestServer;
let fuzz: CallFuzz;
/** The order call again, with bodies a correct client sends: the rules behind validation, many times over. */
let ordersFuzz: CallFuzz;
let operatorBearer: string;
/** What each call answered: status and reason, to show the rules behind validation were reached. */
const answers: AnswersByReason = new Map();

const periodNoAt = (projectId: string, at: number) => periodAt(TIMINGS[projectId]!, server.config.timeZone, at).periodNo;

/**
 * The short project's period open now; during its lock, the next one once it
 * opens, a second or two later: all the runs of one call can take less than
 * a lock, and should not all meet a closed period.
 */
async function openShortPeriod(): Promise<string> {
  const now = Date.now();
  const current = periodAt(TIMINGS[SHORT]!, server.config.timeZone, now);
  if (now < current.locksAt - 100) return current.periodNo;
  await new Promise((resolve) => setTimeout(resolve, current.drawsAt - now + 50));
  return periodNoAt(SHORT, Date.now());
}

async function latestDrawnShortPeriod(): Promise<string> {
  const history = await callAs(server, fuzz.known, CALLS.gameHistory, { projectId: SHORT, page: 1, pageSize: 1 });
  // Before the first draw: the period before the current one, which has no row.
  return history.body.data.items[0]?.periodNo ?? periodNoAt(SHORT, Date.now() - TIMINGS[SHORT]!.periodSeconds * 1000);
}

async function fundUser(userId: string, amount: string): Promise<void> {
  const funded = await operatorCallAs(server, operatorBearer, OPERATOR_CALLS.adjustUser, { userId, account: 'available', amount, reason: 'Fuzz funds' });
  expect(funded.status, JSON.stringify(funded.body)).toBe(200);
}

/** An order of the short project's current period, when it is open: orders to list, and exposure to read. */
async function orderNow(user: { token: string }): Promise<number> {
  const answer = await callAs(server, user, CALLS.placeOrder, {
    projectId: SHORT,
    periodNo: periodNoAt(SHORT, Date.now()),
    selections: [
      { option: 'big', quantity: 2 },
      { option: 'pair-3', quantity: 1 },
    ],
    requestId: randomUUID(),
  });
  return answer.status;
}



beforeAll(async () => {
  server = await startTestServer();
  fuzz = await CallFuzz.start(server, setup);
  operatorBearer = await operatorToken(server);
  await saveTestProject(server, operatorBearer, { exposureLimit: SHORT_EXPOSURE_LIMIT });
  await saveTestProject(server, operatorBearer, { id: DISABLED, name: 'Switched off', enabled: false });

  ordersFuzz = await CallFuzz.start(server, ordersSetup);
  watchAnswers(fuzz, answers);
  watchAnswers(ordersFuzz, answers);

  // The known user (the console's orders filter by their name) has orders waiting and, soon, settled.
  const known = await operatorCallAs(server, operatorBearer, OPERATOR_CALLS.users, { q: fuzz.known.username });
  await fundUser(known.body.data.items[0]!.id, '900.00');
  for (let attempt = 0; attempt < 40 && (await orderNow(fuzz.known)) !== 200; attempt += 1) await new Promise((resolve) => setTimeout(resolve, 250));
}, 60_000);
afterAll(async () => server.close());

// ---------------------------------------------------------------- arbitraries

const trickyString = fc.constantFrom(...TRICKY_STRINGS, '-0', 'Infinity', "'; drop table orders; --", '１２３', '99999999999999999999', SHORT, 'big', 'sum-3');

const junk = junkOf({ tricky: trickyString, edgeNumbers: [0, -0, 1, -1, 0.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 63, 5e-324], hugeUnits: ['a', '9', 'é', '𝒜', '\u0000', '"', '\\', '🙂'], hugeMax: 200_000 });

const shortText = (max: number) => fc.string({ minLength: 1, maxLength: max });

/** Mostly the short project (its periods are open most of the time), now and then the first-start ones or the one switched off. */
const projectId = fc.oneof(
  { weight: 10, arbitrary: fc.constant(SHORT) },
  { weight: 1, arbitrary: fc.constant('fast3-1m') },
  { weight: 1, arbitrary: fc.constant('fast3-3m') },
  { weight: 1, arbitrary: fc.constant(DISABLED) },
);

/** Mostly the period running now of the short project, else another project's, the next one or one already drawn. */
const periodNo = fc.oneof(
  { weight: 10, arbitrary: fc.constant(openPeriodOf(SHORT)) },
  { weight: 1, arbitrary: fc.constantFrom(openPeriodOf('fast3-1m'), openPeriodOf('fast3-3m')) },
  { weight: 1, arbitrary: fc.constant(NEXT_SHORT_PERIOD) },
  { weight: 1, arbitrary: fc.constant(DRAWN_SHORT_PERIOD) },
);

/** Triples and basic options more often: the exposure limit and the winners of each draw. */
const option = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...OPTION_CODES) },
  { weight: 1, arbitrary: fc.constantFrom('big', 'small', 'odd', 'even', 'triple-1', 'triple-6', 'any-triple') },
);
const selection = fc.record({ option, quantity: fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 1, max: 5 }) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 40 }) }) });
const selections = fc.uniqueArray(selection, { minLength: 1, maxLength: 10, selector: (s) => s.option });

const nearbySelections = fc.oneof(
  fc.constant([]),
  fc.uniqueArray(selection, { minLength: 21, maxLength: 25, selector: (s) => s.option }),
  selections.map((list) => [...list, { ...list[0]! }]),
  fc
    .tuple(selections, fc.nat(), fc.constantFrom<unknown>(0, -1, 1.5, 10_001, 1_000_001, '1', null))
    .map(([list, at, quantity]) => list.map((s, i) => (i === at % list.length ? { ...s, quantity } : s))),
  fc
    .tuple(selections, fc.nat(), fc.constantFrom('sum-3', 'sum-18', 'BIG', ' big', 'two-2-1', 'three-1-1-2', 'pair-7', ''))
    .map(([list, at, code]) => list.map((s, i) => (i === at % list.length ? { ...s, option: code } : s))),
  selections.map((list) => list.map((s, i) => (i === 0 ? { ...s, extra: true } : s))),
  selections.map((list) => list.map((s) => ({ option: s.option }))),
  fc.array(junk, { minLength: 1, maxLength: 3 }),
);

/** Odds an operator may set: from 1.01 up to a return to player of 100 %. */
const validOdds = fc.tuple(fc.constantFrom(...OPTION_CODES), fc.nat()).map(([code, roll]) => [code, formatOdds(101 + (roll % (Math.floor(21_600 / winningThrows(code)) - 100)))] as const);
const oddsMap = fc.array(validOdds, { maxLength: 6 }).map((entries) => Object.fromEntries(entries));
const nearbyOdds = fc.oneof(
  fc.constant({ big: '2.06' }),
  fc.constant({ 'triple-1': '216.01' }),
  fc.constantFrom({ big: '1.00' }, { big: '1.955' }, { big: '0' }, { big: '-1.95' }, { big: '10000.01' }, { big: '1e2' }, { big: 1.95 }, { 'sum-3': '2.00' }, { '': '2.00' }),
  fc.dictionary(fc.string({ maxLength: 8 }), junk, { maxKeys: 3 }),
);

const moneyText = (min: number, max: number) => fc.integer({ min, max }).map((cents) => formatMoney(cents));
const periodSeconds = fc.constantFrom(10, 15, 30, 60, 180, 3600, 86_400);

/** What a correct client sends for a field of this name, so calls get past validation to their rules. */
function canonical(field: string, path: string): fc.Arbitrary<unknown> {
  switch (field) {
    case 'projectId':
      return projectId;
    case 'periodNo':
      return periodNo;
    case 'selections':
      return selections;
    case 'requestId':
      return fc.oneof(fc.uuid(), fc.constantFrom(...REPEATED_REQUEST_IDS));
    case 'audited':
    case 'enabled':
      return field === 'enabled' ? fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }) : fc.boolean();
    case 'page':
      return fc.integer({ min: 1, max: 3 });
    case 'pageSize':
      return fc.integer({ min: 1, max: 50 });
    case 'username':
      return fc.oneof({ weight: 3, arbitrary: fc.constant(KNOWN_USERNAME) }, { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 20 }) });
    case 'id':
      // A project of the fuzz's own, new or saved before, now and then the short one.
      return path.endsWith('/save') ? fc.constantFrom('fuzz-a', 'fuzz-b', 'fuzz-c', SHORT) : fc.string({ maxLength: 20 });
    case 'name':
      return shortText(60);
    case 'cover':
      // Mostly covers a project may have (none, an upload, an https image), now and then any text, which is refused.
      return fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom('', '/uploads/cover_1.png', 'https://cdn.example.com/cover.webp') },
        { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
      );
    case 'periodSeconds':
      return periodSeconds;
    case 'lockSeconds':
      return fc.integer({ min: 0, max: 9 });
    case 'unitAmount':
      return fc.oneof(moneyText(1, 100_00), fc.constantFrom('1', '0.5', 2));
    case 'minQuantity':
      return fc.integer({ min: 1, max: 5 });
    case 'maxQuantity':
      return fc.integer({ min: 5, max: 10_000 });
    case 'odds':
      return oddsMap;
    case 'exposureLimit':
      return fc.oneof(fc.constant(null), moneyText(1_00, 100_000_00));
    default:
      return fc.string({ maxLength: 20 });
  }
}

/** Almost right: the values a rule has to tell apart from right ones. */
function nearby(field: string, path: string): fc.Arbitrary<unknown> {
  switch (field) {
    case 'projectId':
      return fc.constantFrom('FAST3-10S', ` ${SHORT} `, 'no-such-project', DISABLED, '', 'x'.repeat(33), 'fast3_1m', 'p-00000000');
    case 'periodNo':
      return fc.oneof(
        fc.constantFrom('202001010001', '20200101000', '20991231000001', '2024023000001', '000000000000', ' 202001010001', '2020-01-01-01'),
        // Today, past the day's last period; the period of another project's timing; far in the future.
        fc.constant(`${periodNoAt(SHORT, Date.now()).slice(0, 8)}9999`),
        fc.constant(`${periodNoAt(SHORT, Date.now()).slice(0, 8)}0001`),
        fc.constant(`${periodNoAt(SHORT, Date.now() + 3 * 86_400_000)}`),
      );
    case 'selections':
      return nearbySelections;
    case 'requestId':
      return fc.constantFrom('short', 'x'.repeat(65), 'has space in it', '');
    case 'page':
    case 'pageSize':
      return fc.integer({ min: -1, max: 100_001 });
    case 'id':
      return fc.constantFrom('Fuzz-Upper', 'with space', 'x'.repeat(33), '', 'fast3-1m', DISABLED);
    case 'name':
      return fc.constantFrom('', '   ', 'n'.repeat(61));
    case 'periodSeconds':
      return fc.constantFrom(0, 7, 9, 70, 86_401, -60, 1.5, 1e9);
    case 'lockSeconds':
      return fc.constantFrom(-1, 10, 60, 86_399, 86_400, 0.5);
    case 'unitAmount':
      return fc.constantFrom('0', '0.00', '-1', '1.234', '1e3', '99999999999999.99', 0, -1);
    case 'minQuantity':
    case 'maxQuantity':
      return fc.constantFrom(0, -1, 1_000_001, 2.5, 10_001);
    case 'odds':
      return nearbyOdds;
    case 'exposureLimit':
      return fc.constantFrom('0', '0.00', '-5', '1.234', 0, '99999999999999999.99');
    case 'username':
      return fc.constantFrom('', ' ', 'x'.repeat(65), '%', '_');
    default:
      return canonical(field, path);
  }
}

const acceptLanguage = fc.constantFrom(...LANGUAGES, 'de;q=0.5, fr;q=abc', '*', 'xx-YY', '');

/** A minted user's money: plenty, a little, or none, so orders meet the balance rule now and then. */
async function fundForOrders(user: FuzzUser): Promise<void> {
  const roll = Math.random();
  if (roll < 0.65) await fundUser(user.id, '900.00');
  else if (roll < 0.9) await fundUser(user.id, '2.00');
}

const setup: CallFuzzSetup = {
  ...USUAL_CLIENT,
  fields: {
    canonical,
    nearby,
    junk,
    // Optional fields (a list's filters, a project's odds and limit) come as often as not.
    optional: () => ({ absent: 1, sent: 1 }),
    ...MOSTLY_RIGHT_BODIES,
  },
  acceptLanguage,
  standIns: new Map<string, (user: FuzzUser | null) => unknown>([
    ...Object.keys(TIMINGS).map((id) => [openPeriodOf(id), () => (id === SHORT ? openShortPeriod() : periodNoAt(id, Date.now()))] as const),
    [NEXT_SHORT_PERIOD, () => periodNoAt(SHORT, Date.now() + TIMINGS[SHORT]!.periodSeconds * 1000)],
    [DRAWN_SHORT_PERIOD, () => latestDrawnShortPeriod()],
  ]),
  prepareUser: async (call, user) => {
    if (call === gameCalls.placeOrder) await fundForOrders(user);
    // Something to list: an order of the user's own in the short project.
    if (call === gameCalls.orderList) {
      await fundUser(user.id, '10.00');
      await orderNow(user);
    }
  },
  numRuns: RUNS_PER_CALL,
};

/** Signed, signed in and well formed nearly always: what an app sends, so orders meet the period, the balance and the limit. */
const ordersSetup: CallFuzzSetup = {
  ...setup,
  fields: { ...setup.fields, bodies: { realistic: 9, mixed: 1 } },
  signing: fc.constant<Signing>('valid'),
  tokenKind: fc.constant<TokenKind>('valid'),
  numRuns: ORDER_RUNS,
};

// ---------------------------------------------------------------- the properties

describeEachCall('every game call of the app answers any body with a proper envelope', APP_GAME_CALLS, (call) => fuzz.appCall(call));
describeEachCall('the order call answers what an app sends with a proper envelope, whatever the period, balance and limit say', [gameCalls.placeOrder], (call) =>
  ordersFuzz.appCall(call),
);
describeEachCall('every game call of the console answers any body with a proper envelope', OPERATOR_GAME_CALLS, (call) => fuzz.operatorCall(call));

describe('after all of it', () => {
  it('reached the rules behind validation: orders placed and refused for the period, the balance and the exposure limit', () => {
    const orders = answers.get(gameCalls.placeOrder.path)!;
    for (const reason of ['200', 'VALIDATION', 'PERIOD_CLOSED', 'INSUFFICIENT_BALANCE', 'EXPOSURE_LIMIT']) {
      expect(orders.get(reason) ?? 0, `${reason} among ${JSON.stringify([...orders])}`).toBeGreaterThan(0);
    }
    for (const call of [...APP_GAME_CALLS, ...OPERATOR_GAME_CALLS]) expect(answers.get(call.path)?.get('200') ?? 0, call.path).toBeGreaterThan(0);
    for (const [path, byReason] of answers) for (const reason of byReason.keys()) expect(reason === '200' || reason in REASONS, `${path}: ${reason}`).toBe(true);
  });

  it('the ledger still balances, with the orders of the fuzz settled once their period is drawn', async () => {
    const periodsOfShort = async () => (await operatorCallAs(server, operatorBearer, OPERATOR_CALLS.periods, { projectId: SHORT, pageSize: 50 })).body.data.items;
    // The fuzz may run across a period boundary: every period it ordered in counts, and each must be drawn.
    const ordered = (await periodsOfShort()).filter((p) => p.orders > 0);
    expect(ordered.reduce((sum, p) => sum + p.orders, 0)).toBeGreaterThan(RUNS_PER_CALL / 10);
    const orderedNos = new Set(ordered.map((p) => p.periodNo));
    // The last order may have gone to the period after the open one: wait for the latest draw time, and a few runner rounds after it.
    const deadline = Math.max(...ordered.map((p) => p.drawsAt)) + 5_000;
    let drawn = ordered;
    while (drawn.some((p) => p.status !== 'drawn') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      drawn = (await periodsOfShort()).filter((p) => orderedNos.has(p.periodNo));
    }
    expect(drawn.map((p) => [p.periodNo, p.status, p.orders, p.amount])).toEqual(ordered.map((p) => [p.periodNo, 'drawn', p.orders, p.amount]));
    for (const period of drawn) expect(period.payout, period.periodNo).not.toBeNull();
    const report = await verifyLedger(server, operatorBearer);
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
  }, 45_000);
});
