import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CALLS, formatMoney } from '@wallet/contract';
import { periodAt } from '@wallet/contract/game';
import type { ClockedServer } from '../testing/accounts.js';
import { chasesOf, clockTo, openPeriodWithNext, ordersOf, periodNow, startChaseAs, type Chase } from '../testing/chases.js';
import { saveTestProject } from '../testing/game.js';
import { SHORT_TIMING, startGameDayServer } from '../testing/game-day.js';
import { PLAIN_CHANNEL, allowLargeAdjustments, assetsOf, openPlainChannel, review, verifyLedger } from '../testing/money.js';
import { rechargesOf, statementItemsOf, userWithBalance } from '../testing/money-load.js';
import { setLimit } from '../testing/protection.js';
import { onPostgres } from '../testing/test-database.js';
import type { CallResponse } from '../testing/test-server.js';
import { callAs, reasonOf } from '../testing/typed-call.js';

/*
 * Group commit must not change a single answer. Two servers start alike on
 * the same manual clock: one writes orders, chase starts, recharges and
 * recharge reviews in batches, the other one request per transaction. Each
 * round of a run is sent to the first all at once, so it lands in shared
 * transactions, and to the second one request after another, in the same
 * order. Every answer (status, reason, body, with what is random per server
 * named alike) must match, and so must every user's assets and each ledger's
 * totals after each run, and statements, orders, chases and recharges at the end.
 *
 * The clock never moves while the runs go on: a draw picks other dice on
 * each server, and a period that stays open keeps the comparison exact.
 */

const RUNS = 30;
const START_HOUR = 9;

const OPEN = 'gc-open';
const LIMITED = 'gc-limited';
const DISABLED = 'gc-disabled';
const UNKNOWN = 'gc-unknown';
/** Each run sets the exposure limit this far above the most an option may pay out already, so every run meets it afresh in the one open period. */
const EXPOSURE_ROOM_CENTS = 12_00;

/** Three plain players and one on a break, with small balances, so orders and the balance meet often. */
const OPENINGS = [30_00, 8_00, 60_00, 20_00];
const PLAYER_ON_BREAK = 3;
/**
 * Each run has a player of its own with a day's loss and deposit limits,
 * fresh, since a window once full stays full on a clock that stands still.
 */
const LIMITED_OPENING = '25.00';
const LIMITED_LOSS = '10.00';
const LIMITED_DEPOSIT = '40.00';

/** Mostly two options, so orders meet on them, and the limit with them. */
const option = fc.oneof({ weight: 4, arbitrary: fc.constantFrom('big', 'small') }, { weight: 1, arbitrary: fc.constantFrom('odd', 'sum-10', 'any-triple') });

type User = Awaited<ReturnType<typeof userWithBalance>>;

interface Side {
  server: ClockedServer;
  token: string;
  users: User[];
  /** What differs between the servers by chance (ids, names, order numbers), named the same on both in the order first met. */
  names: Map<string, string>;
}

let batched: Side;
let oneByOne: Side;

async function startSide(maxBatch: string): Promise<Side> {
  const { server, token } = await startGameDayServer(START_HOUR, { GROUP_COMMIT_MAX_BATCH: maxBatch });
  await allowLargeAdjustments(server);
  await openPlainChannel(server, token);
  await saveTestProject(server, token, { id: OPEN, name: 'Group commit' });
  await saveTestProject(server, token, { id: LIMITED, name: 'Group commit, limited', exposureLimit: formatMoney(EXPOSURE_ROOM_CENTS) });
  await saveTestProject(server, token, { id: DISABLED, name: 'Group commit, disabled', enabled: false });
  const users: User[] = [];
  for (const opening of OPENINGS) users.push(await userWithBalance(server, token, formatMoney(opening)));
  const onBreak = await callAs(server, users[PLAYER_ON_BREAK]!, CALLS.takeTimeout, { days: 1 });
  expect(onBreak.status, JSON.stringify(onBreak.body)).toBe(200);

  // A period drawn before any order (a closed one to order into), then an open one with its next.
  const first = await openPeriodWithNext(server, users[0]!, OPEN);
  await clockTo(server, users[0]!, OPEN, first.drawsAt);
  await openPeriodWithNext(server, users[0]!, OPEN);
  expect((await periodNow(server, users[0]!, LIMITED)).status).toBe('open');

  const side: Side = { server, token, users: [], names: new Map() };
  users.forEach((user) => addPlayer(side, user));
  return side;
}

function addPlayer(side: Side, user: User): void {
  side.names.set(user.id, `user-${side.users.length}`);
  side.names.set(user.username, `username-${side.users.length}`);
  side.users.push(user);
}

/** The run's limited player, on both servers; answers its place among the players. */
async function addLimitedPlayer(): Promise<number> {
  for (const side of [batched, oneByOne]) {
    const user = await userWithBalance(side.server, side.token, LIMITED_OPENING);
    await setLimit(side.server, user, { kind: 'loss', period: 'day', amount: LIMITED_LOSS });
    await setLimit(side.server, user, { kind: 'deposit', period: 'day', amount: LIMITED_DEPOSIT });
    addPlayer(side, user);
  }
  return batched.users.length - 1;
}

beforeAll(async () => {
  [batched, oneByOne] = await Promise.all([startSide('64'), startSide('1')]);
  // Both stand at the same moment: every period number below is the same on both.
  expect(batched.server.clock.now()).toBe(oneByOne.server.clock.now());
}, 60_000);
afterAll(async () => {
  await Promise.all([batched?.server.close(), oneByOne?.server.close()]);
});

/** The periods an order may name, as of the (still) clock. */
function periodNos(now: number) {
  const open = periodAt(SHORT_TIMING, 'UTC', now);
  return {
    open: open.periodNo,
    next: periodAt(SHORT_TIMING, 'UTC', open.drawsAt).periodNo,
    closed: periodAt(SHORT_TIMING, 'UTC', open.opensAt - 1).periodNo,
    // Tomorrow's: no such period yet.
    far: periodAt(SHORT_TIMING, 'UTC', now + 86_400_000).periodNo,
  };
}

/** A request's id: new, or that of a request of an earlier round (the same request again, or other fields). */
type RequestIdChoice = { kind: 'new' } | { kind: 'earlier-round'; of: number; sameFields: boolean };

const requestIdChoice: fc.Arbitrary<RequestIdChoice> = fc.oneof(
  { weight: 8, arbitrary: fc.constant({ kind: 'new' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('earlier-round' as const), of: fc.nat(), sameFields: fc.boolean() }) },
);

/**
 * A request of the round may carry the id of one before it in the round,
 * anywhere after it: it then waits for the next batch, where it comes first.
 * A recharge or a chase start repeats with the same fields only: other fields
 * meeting a first attempt still under way are REQUEST_CONFLICT, or not, as
 * the timing falls, batched or not.
 */
const repeatInRound = <A>(action: fc.Arbitrary<A>, sameFieldsOnly: boolean) =>
  fc.option(fc.record({ of: fc.nat(), at: fc.nat(), sameFields: sameFieldsOnly ? fc.constant(true) : fc.boolean(), action }), { freq: 3 });

/** A plain player (0–2), the one on a break, or the run's limited player. */
type Player = number | 'limited';
const player: fc.Arbitrary<Player> = fc.oneof(
  { weight: 6, arbitrary: fc.nat({ max: 2 }) },
  { weight: 3, arbitrary: fc.constant('limited' as const) },
  { weight: 1, arbitrary: fc.constant(PLAYER_ON_BREAK) },
);

const orderAction = fc.record({
  who: player,
  project: fc.oneof({ weight: 5, arbitrary: fc.constant(OPEN) }, { weight: 5, arbitrary: fc.constant(LIMITED) }, { weight: 1, arbitrary: fc.constantFrom(DISABLED, UNKNOWN) }),
  period: fc.oneof({ weight: 12, arbitrary: fc.constant('open' as const) }, { weight: 1, arbitrary: fc.constantFrom('next' as const, 'closed' as const, 'far' as const) }),
  selections: fc.uniqueArray(
    fc.record({
      option,
      // Past the project's 100 at times: refused for the quantity.
      quantity: fc.oneof({ weight: 15, arbitrary: fc.integer({ min: 1, max: 7 }) }, { weight: 1, arbitrary: fc.constant(101) }),
    }),
    { minLength: 1, maxLength: 3, selector: (selection) => selection.option },
  ),
  requestId: requestIdChoice,
});

/** A chase start: mostly a few periods from the open one (its first placed at once) or from the next (reserved only). */
const chaseAction = fc.record({
  who: player,
  project: fc.oneof({ weight: 5, arbitrary: fc.constant(OPEN) }, { weight: 5, arbitrary: fc.constant(LIMITED) }, { weight: 1, arbitrary: fc.constantFrom(DISABLED, UNKNOWN) }),
  start: fc.oneof(
    { weight: 8, arbitrary: fc.constant('open' as const) },
    { weight: 4, arbitrary: fc.constant('next' as const) },
    { weight: 1, arbitrary: fc.constantFrom('closed' as const, 'far' as const) },
  ),
  // 1 and 51 are refused for the count; 50 mostly for the balance.
  periods: fc.oneof({ weight: 12, arbitrary: fc.integer({ min: 2, max: 4 }) }, { weight: 1, arbitrary: fc.constantFrom(1, 50, 51) }),
  selections: fc.uniqueArray(
    fc.record({
      option,
      quantity: fc.oneof({ weight: 15, arbitrary: fc.integer({ min: 1, max: 4 }) }, { weight: 1, arbitrary: fc.constant(101) }),
    }),
    { minLength: 1, maxLength: 2, selector: (selection) => selection.option },
  ),
  stopOnWin: fc.boolean(),
  requestId: requestIdChoice,
});

const rechargeAction = fc.record({
  who: player,
  // Below the channel's minimum or above its maximum at times.
  cents: fc.oneof({ weight: 10, arbitrary: fc.integer({ min: 1_00, max: 40_00 }) }, { weight: 1, arbitrary: fc.constantFrom(50, 60_000_00) }),
  requestId: requestIdChoice,
});

const reviewAction = fc.record({
  /** A recharge under review, any recharge, the same one as an earlier review of the round, or none that exists. */
  target: fc.oneof(
    { weight: 6, arbitrary: fc.record({ kind: fc.constant('pending' as const), pick: fc.nat() }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('any' as const), pick: fc.nat() }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('same-as' as const), of: fc.nat() }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'unknown' as const }) },
  ),
  approve: fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
  // A refusal with no remark is refused itself.
  remark: fc.constantFrom('', 'paid', 'no payment seen'),
});

type OrderAction = typeof orderAction extends fc.Arbitrary<infer A> ? A : never;
type ChaseAction = typeof chaseAction extends fc.Arbitrary<infer A> ? A : never;
type RechargeAction = typeof rechargeAction extends fc.Arbitrary<infer A> ? A : never;
type ReviewAction = typeof reviewAction extends fc.Arbitrary<infer A> ? A : never;

type Repeat<A> = { of: number; at: number; sameFields: boolean; action: A } | null;
type Round =
  | { kind: 'orders'; actions: (OrderAction | ChaseAction)[]; repeat: Repeat<OrderAction> }
  | { kind: 'chases'; actions: ChaseAction[]; repeat: Repeat<ChaseAction> }
  | { kind: 'recharges'; actions: RechargeAction[]; repeat: Repeat<RechargeAction> }
  | { kind: 'reviews'; actions: ReviewAction[] };

const round: fc.Arbitrary<Round> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('orders' as const),
      // Now and then a chase start among the orders: the two meet in one round, in batches of their own.
      actions: fc.array(fc.oneof({ weight: 5, arbitrary: orderAction }, { weight: 1, arbitrary: chaseAction }), { minLength: 1, maxLength: 12 }),
      repeat: repeatInRound(orderAction, false),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('chases' as const), actions: fc.array(chaseAction, { minLength: 1, maxLength: 8 }), repeat: repeatInRound(chaseAction, true) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('recharges' as const), actions: fc.array(rechargeAction, { minLength: 1, maxLength: 8 }), repeat: repeatInRound(rechargeAction, true) }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('reviews' as const), actions: fc.array(reviewAction, { minLength: 1, maxLength: 8 }) }) },
);

/** A request as sent to both servers; a review names its recharge by its place in `recharges`, each server by its own number. */
type Request =
  | { kind: 'order'; who: number; body: { projectId: string; periodNo: string; selections: { option: string; quantity: number }[]; requestId: string } }
  | {
      kind: 'chase';
      who: number;
      body: { projectId: string; startPeriodNo: string; periods: number; selections: { option: string; quantity: number }[]; stopOnWin: boolean; requestId: string };
    }
  | { kind: 'recharge'; who: number; body: { channelId: string; amount: string; requestId: string } }
  | { kind: 'review'; recharge: number | null; approve: boolean; remark: string };

type UserRequest = Extract<Request, { who: number }>;

/** Every recharge either server created, in the order created: each server's number for it, and whether it is still under review. */
const recharges: { batched: string; oneByOne: string; pending: boolean }[] = [];
/** Requests of earlier rounds, by kind, to send again. */
const sentBefore: { order: UserRequest[]; chase: UserRequest[]; recharge: UserRequest[] } = { order: [], chase: [], recharge: [] };
/** A number no recharge has. */
const NO_RECHARGE = 'R000000NOSUCHONE';

/** A request with the id of `earlier` (then its player too): the same request again, or its own fields. */
function withIdOf<R extends UserRequest>(own: R, earlier: R, sameFields: boolean): R {
  return sameFields ? earlier : { ...own, who: earlier.who, body: { ...own.body, requestId: earlier.body.requestId } };
}

function withRequestId<R extends UserRequest>(own: R, choice: RequestIdChoice): R {
  const pool = sentBefore[own.kind] as R[];
  return choice.kind === 'new' || pool.length === 0 ? own : withIdOf(own, pool[choice.of % pool.length]!, choice.sameFields);
}

/** Whether an order or a chase start may get past the rules that refuse it whatever else happens (the break, the project, the period, the counts). */
function mayWrite(request: UserRequest, periods: ReturnType<typeof periodNos>): boolean {
  if (request.kind === 'recharge' || request.who === PLAYER_ON_BREAK || (request.body.projectId !== OPEN && request.body.projectId !== LIMITED)) return false;
  const periodNo = request.kind === 'order' ? request.body.periodNo : request.body.startPeriodNo;
  if (periodNo !== periods.open && periodNo !== periods.next) return false;
  if (request.body.selections.some((selection) => selection.quantity > 100)) return false;
  return request.kind === 'order' || (request.body.periods >= 2 && request.body.periods <= 50);
}

/** Whether the request places orders into the limited project's open period as it is answered: an order, or a chase whose first period that is. */
function meetsLimit(request: UserRequest, periods: ReturnType<typeof periodNos>): boolean {
  if (request.kind === 'recharge' || request.body.projectId !== LIMITED) return false;
  return (request.kind === 'order' ? request.body.periodNo : request.body.startPeriodNo) === periods.open;
}

/**
 * Whether the request's answer, and those of the requests before it in the
 * round, come out the same whichever the batched server takes first. A
 * recharge or a chase start claims its requestId on a connection of its own
 * before it joins a batch (orders go to a batch of their own), so it may be
 * taken before or after any request sent with it, batched or not. One
 * recharge per player and round, and a chase start with no other order or
 * chase start it competes with (the same player's, for the balance and the
 * loss limit; anyone's placed into the limited open period, for the exposure
 * limit), leave every answer determined. So does a chase start with the
 * requestId of another request of the round only when it is that same
 * request again: with other fields, which of the two claims first decides
 * which one is REQUEST_CONFLICT.
 * (Within a batch chase starts run in the order they came, as one
 * transaction each would: group-commit.test.ts.)
 */
function determinedAfter(before: UserRequest[], request: UserRequest, periods: ReturnType<typeof periodNos>): boolean {
  if (request.kind === 'recharge') return !before.some((other) => other.kind === 'recharge' && other.who === request.who);
  if (request.kind === 'chase' && before.some((other) => other !== request && other.who === request.who && other.body.requestId === request.body.requestId)) return false;
  if (!mayWrite(request, periods)) return true;
  return !before.some(
    (other) =>
      (other.kind === 'chase' || request.kind === 'chase') &&
      mayWrite(other, periods) &&
      (other.who === request.who || (meetsLimit(other, periods) && meetsLimit(request, periods))),
  );
}

function requestsOf(r: Round, now: number, limited: number): Request[] {
  const periods = periodNos(now);
  const indexOf = (who: Player) => (who === 'limited' ? limited : who);
  if (r.kind !== 'reviews') {
    const requests: UserRequest[] = [];
    const ownOf = (action: OrderAction | ChaseAction | RechargeAction): UserRequest =>
      'start' in action
        ? {
            kind: 'chase',
            who: indexOf(action.who),
            body: {
              projectId: action.project,
              startPeriodNo: periods[action.start],
              periods: action.periods,
              selections: action.selections,
              stopOnWin: action.stopOnWin,
              requestId: randomUUID(),
            },
          }
        : 'project' in action
          ? { kind: 'order', who: indexOf(action.who), body: { projectId: action.project, periodNo: periods[action.period], selections: action.selections, requestId: randomUUID() } }
          : { kind: 'recharge', who: indexOf(action.who), body: { channelId: PLAIN_CHANNEL.id, amount: formatMoney(action.cents), requestId: randomUUID() } };
    for (const action of r.actions) {
      const request = withRequestId(ownOf(action), action.requestId);
      if (determinedAfter(requests, request, periods)) requests.push(request);
    }
    if (r.repeat) {
      // The id of a request of its own kind: an order meeting a chase's claim still under way is REQUEST_CONFLICT, or not, as the timing falls.
      const own = ownOf(r.repeat.action);
      const firsts = requests.flatMap((request, index) => (request.kind === own.kind ? [index] : []));
      if (firsts.length > 0) {
        const of = firsts[r.repeat.of % firsts.length]!;
        const at = of + 1 + (r.repeat.at % (requests.length - of));
        const again = withIdOf(own, requests[of]!, r.repeat.sameFields);
        // With fields of its own it is another order, which may compete with a chase start of the round.
        if (again === requests[of] || determinedAfter(requests, again, periods)) requests.splice(at, 0, again);
      }
    }
    return requests;
  }
  const requests: Extract<Request, { kind: 'review' }>[] = [];
  const pending = recharges.flatMap((recharge, index) => (recharge.pending ? [index] : []));
  for (const action of r.actions) {
    const { target } = action;
    const recharge =
      target.kind === 'pending' && pending.length > 0
        ? pending[target.pick % pending.length]!
        : target.kind === 'any' && recharges.length > 0
          ? target.pick % recharges.length
          : target.kind === 'same-as' && requests.length > 0
            ? requests[target.of % requests.length]!.recharge
            : target.kind === 'unknown' || recharges.length === 0
              ? null
              : recharges.length - 1;
    requests.push({ kind: 'review', recharge, approve: action.approve, remark: action.remark });
  }
  return requests;
}

function send(side: Side, request: Request): Promise<CallResponse<unknown>> {
  if (request.kind === 'order') return callAs(side.server, side.users[request.who]!, CALLS.placeOrder, request.body);
  if (request.kind === 'chase') return startChaseAs(side.server, side.users[request.who]!, request.body);
  if (request.kind === 'recharge') return callAs(side.server, side.users[request.who]!, CALLS.createRecharge, request.body);
  const numbers = request.recharge === null ? null : recharges[request.recharge]!;
  const orderNo = numbers === null ? NO_RECHARGE : side === batched ? numbers.batched : numbers.oneByOne;
  return review(side.server, side.token, 'recharges', orderNo, request.approve, request.remark);
}

const ORDER_NUMBER = /^[RGWAC]\d{6}[0-9A-Z]{10}$/;
/** A ledger transfer's id: random on each server. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The value with what differs by chance between the servers named as the side first met it (`fresh`), or by kind only when unknown (`known`). */
function named(side: Side, value: unknown, mode: 'fresh' | 'known'): unknown {
  if (typeof value === 'string') {
    const known = side.names.get(value);
    if (known !== undefined) return known;
    if (UUID.test(value)) return 'uuid';
    if (!ORDER_NUMBER.test(value)) return value;
    if (mode === 'known') return `${value[0]}-unnamed`;
    const name = `${value[0]}#${side.names.size}`;
    side.names.set(value, name);
    return name;
  }
  if (Array.isArray(value)) return value.map((item) => named(side, item, mode));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, named(side, item, mode)]));
  return value;
}

const answerOf = (side: Side, response: CallResponse<unknown>) => ({ status: response.status, body: named(side, response.body, 'fresh') });

/** Status and reason of every answer the runs met, to show the rules were put to work. */
const met = new Map<string, number>();
/** The orders (by the first order number of each answer) the requests placed, retries answered with them counted once. */
const placed = new Set<string>();
/** The chases started, retries answered with them counted once: whether each placed its first period as it started. */
const chases = new Map<string, boolean>();

/** Sends a round to both servers and compares the answers request by request; then learns the recharges it created or reviewed. */
async function playRound(r: Round, limited: number, trace: string[]): Promise<void> {
  const requests = requestsOf(r, batched.server.clock.now(), limited);
  const together = await Promise.all(requests.map((request) => send(batched, request)));
  const inTurn: CallResponse<unknown>[] = [];
  for (const request of requests) inTurn.push(await send(oneByOne, request));

  requests.forEach((request, index) => {
    const mine = answerOf(batched, together[index]!);
    const theirs = answerOf(oneByOne, inTurn[index]!);
    trace.push(`${request.kind} ${JSON.stringify(request)} → ${mine.status} ${JSON.stringify(mine.body)}`);
    expect(mine, `request ${index} of a round of ${r.kind}:\n${trace.join('\n')}`).toEqual(theirs);
    const reason = (together[index]!.body.data as { reason?: string } | null)?.reason;
    const key = `${request.kind} ${together[index]!.status}${together[index]!.status === 200 ? '' : ` ${reason}`}`;
    met.set(key, (met.get(key) ?? 0) + 1);

    if (request.kind === 'order' && together[index]!.status === 200) placed.add((together[index]!.body.data as { orders: { orderNo: string }[] }).orders[0]!.orderNo);
    if (request.kind === 'chase' && together[index]!.status === 200) {
      const { chaseNo, periodNos: chased } = together[index]!.body.data as { chaseNo: string; periodNos: string[] };
      chases.set(chaseNo, chased[0] === periodNos(batched.server.clock.now()).open);
    }
    if (request.kind === 'review' && together[index]!.status === 200) recharges[request.recharge!]!.pending = false;
    if (request.kind === 'recharge' && together[index]!.status === 200) {
      const mineNo = (together[index]!.body.data as { orderNo: string }).orderNo;
      const theirNo = (inTurn[index]!.body.data as { orderNo: string }).orderNo;
      // A retry answers the first recharge again: it is known already.
      if (!recharges.some((known) => known.batched === mineNo)) recharges.push({ batched: mineNo, oneByOne: theirNo, pending: true });
    }
  });
  for (const request of requests) if (request.kind !== 'review') sentBefore[request.kind].push(request);
}

/** The most an option of the limited project may pay out in the open period, orders and chases' first periods counted (alike on both servers). */
async function mostExposed(): Promise<number> {
  const rows = await batched.server.database.db
    .selectFrom('period_exposure')
    .select('possible_payout')
    .where('project_id', '=', LIMITED)
    .where('period_no', '=', periodNos(batched.server.clock.now()).open)
    .execute();
  return Math.max(0, ...rows.map((row) => Number(row.possible_payout)));
}

/** Each player's assets and each ledger's totals, alike on both servers; both ledgers prove themselves. */
async function expectSameState(trace: string[]): Promise<void> {
  for (const index of batched.users.keys()) {
    const [mine, theirs] = await Promise.all([assetsOf(batched.server, batched.users[index]!), assetsOf(oneByOne.server, oneByOne.users[index]!)]);
    expect(mine, `assets of user-${index}:\n${trace.join('\n')}`).toEqual(theirs);
  }
  const [mine, theirs] = await Promise.all([verifyLedger(batched.server, batched.token), verifyLedger(oneByOne.server, oneByOne.token)]);
  expect(mine.problems).toEqual([]);
  expect(theirs.problems).toEqual([]);
  expect(mine, `ledger totals:\n${trace.join('\n')}`).toEqual(theirs);
}

const NEW_ID = { kind: 'new' as const };
type Option = OrderAction['selections'][number]['option'];
const anOrder = (who: Player, project: OrderAction['project'], option: Option, quantity: number): OrderAction => ({
  who,
  project,
  period: 'open',
  selections: [{ option, quantity }],
  requestId: NEW_ID,
});
const aChase = (who: Player, periods: number, option: Option, quantity: number): ChaseAction => ({
  who,
  project: OPEN,
  start: 'open',
  periods,
  selections: [{ option, quantity }],
  stopOnWin: false,
  requestId: NEW_ID,
});
/**
 * The first run meets every rule on purpose, so the runs chance brings after
 * it cannot all miss one: the balance, the exposure and loss limits, a
 * chase started and one refused for the balance, and a review of a recharge
 * reviewed already.
 */
const EVERY_RULE: Round[] = [
  {
    kind: 'orders',
    actions: [
      anOrder(1, OPEN, 'big', 7),
      anOrder(1, OPEN, 'small', 7),
      anOrder(0, LIMITED, 'big', 7),
      anOrder('limited', OPEN, 'big', 7),
      anOrder('limited', OPEN, 'small', 7),
    ],
    repeat: null,
  },
  // 6.00 of user-2's 60.00, the first period placed at once; 14.00 of the 1.00 user-1's orders left.
  { kind: 'chases', actions: [aChase(2, 3, 'big', 2), aChase(1, 2, 'small', 7)], repeat: null },
  { kind: 'recharges', actions: [{ who: 0, cents: 10_00, requestId: NEW_ID }], repeat: null },
  {
    kind: 'reviews',
    actions: [
      { target: { kind: 'pending', pick: 0 }, approve: true, remark: 'paid' },
      { target: { kind: 'same-as', of: 0 }, approve: true, remark: 'paid' },
    ],
  },
];

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * What a player lists, numbers named alike. The orders a chase placed as it
 * started were met in no answer: they are named first, chase by chase (as
 * its answer named it), period by period, by option.
 */
async function listed(side: Side, index: number) {
  const user = side.users[index]!;
  const [statement, orders, ownChases, ownRecharges] = await Promise.all([
    statementItemsOf(side.server, user),
    ordersOf(side.server, user),
    chasesOf(side.server, user),
    rechargesOf(side.server, user),
  ]);
  const optionOf = new Map(orders.map((order) => [order.orderNo, order.option]));
  const nameOf = (chase: Chase) => String(named(side, chase.chaseNo, 'known'));
  for (const chase of [...ownChases].sort((a, b) => byText(nameOf(a), nameOf(b)))) {
    for (const period of chase.periods) {
      for (const orderNo of [...period.orderNos].sort((a, b) => byText(optionOf.get(a)!, optionOf.get(b)!))) named(side, orderNo, 'fresh');
    }
  }
  const sorted = (items: unknown[]) => items.map((item) => JSON.stringify(named(side, item, 'known'))).sort();
  // A period's orders are listed by their numbers, which differ by chance.
  const chasesListed = ownChases.map((chase) => ({ ...chase, periods: chase.periods.map((period) => ({ ...period, orderNos: (named(side, period.orderNos, 'known') as string[]).sort() })) }));
  return { statement: sorted(statement), orders: sorted(orders), chases: sorted(chasesListed), recharges: sorted(ownRecharges) };
}

it(
  'answers every request and keeps every ledger exactly as one transaction per request would, however orders, chases, recharges and reviews arrive together',
  async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(round, { minLength: 1, maxLength: 4 }), async (rounds) => {
        // A little room under the exposure limit for this run, the same on both.
        const limit = formatMoney((await mostExposed()) + EXPOSURE_ROOM_CENTS);
        for (const side of [batched, oneByOne]) await saveTestProject(side.server, side.token, { id: LIMITED, name: 'Group commit, limited', exposureLimit: limit });
        const limited = await addLimitedPlayer();
        const trace: string[] = [];
        for (const r of rounds) await playRound(r, limited, trace);
        await expectSameState(trace);
      }),
      // Each run builds on the state the runs before left: a shrunk run would start elsewhere, so the first failure is the one reported.
      { numRuns: RUNS, endOnFailure: true, examples: [[EVERY_RULE]] },
    );

    // Everything each player can list is the same on both, once numbers are named alike.
    for (const index of batched.users.keys()) {
      const [mine, theirs] = await Promise.all([listed(batched, index), listed(oneByOne, index)]);
      expect(mine, `what user-${index} lists`).toEqual(theirs);
      // Every order, chase and recharge listed was met in an answer, or placed by a chase met in one.
      expect([...mine.statement, ...mine.orders, ...mine.chases].filter((item) => /"[GRC]-unnamed"/.test(item))).toEqual([]);
    }

    // The rules were met, refusing and answering, in every kind of round.
    for (const key of [
      'order 200',
      'order 422 INSUFFICIENT_BALANCE',
      'order 422 EXPOSURE_LIMIT',
      'order 422 LOSS_LIMIT',
      'chase 200',
      'chase 422 INSUFFICIENT_BALANCE',
      'recharge 200',
      'review 200',
      'review 409 ALREADY_REVIEWED',
    ]) {
      expect(met.get(key), `${key} among ${JSON.stringify([...met])}`).toBeGreaterThan(0);
    }

    // The batched server did share transactions, the other did not: a row's xmin is the transaction that wrote it (PostgreSQL only).
    if (onPostgres) {
      const transactions = async (side: Side) => {
        const db = side.server.database.db;
        const { rows } = await sql<{ orders: string | number; chases: string | number; reviews: string | number }>`select
          (select count(distinct xmin::text) from orders) as orders,
          (select count(distinct xmin::text) from chases) as chases,
          (select count(distinct xmin::text) from recharges where reviewed_by is not null) as reviews`.execute(db);
        return { orders: Number(rows[0]!.orders), chases: Number(rows[0]!.chases), reviews: Number(rows[0]!.reviews) };
      };
      const [shared, alone] = await Promise.all([transactions(batched), transactions(oneByOne)]);
      // A chase whose first period was open placed its orders in its own transaction.
      expect(alone.orders).toBe(placed.size + [...chases.values()].filter(Boolean).length);
      expect(alone.chases).toBe(chases.size);
      expect(shared.orders).toBeLessThan(alone.orders);
      expect(shared.reviews).toBeLessThan(alone.reviews);
    }
  },
  120_000,
);

/*
 * A request repeating the requestId of an earlier one sent with it waits for
 * the next batch and comes first there: if the first was refused, it still
 * runs in its own turn, before the orders that arrived after it, and the last
 * of the balance goes to the same order as one transaction per request gives it.
 */
it('places a request in its own turn when the first request with its requestId was refused in the same batch', async () => {
  const [mine, theirs] = await Promise.all([userWithBalance(batched.server, batched.token, '5.00'), userWithBalance(oneByOne.server, oneByOne.token, '5.00')]);
  const periodNo = periodNos(batched.server.clock.now()).open;
  const requestId = randomUUID();
  const bodies = [
    // Refused for its quantity: the requestId is free again.
    { projectId: OPEN, periodNo, selections: [{ option: 'big', quantity: 101 }], requestId },
    // The same requestId, other fields: in its turn it takes 3.00 of the 5.00.
    { projectId: OPEN, periodNo, selections: [{ option: 'big', quantity: 3 }], requestId },
    // Last to arrive: 2.00 are left for it.
    { projectId: OPEN, periodNo, selections: [{ option: 'small', quantity: 3 }], requestId: randomUUID() },
  ];

  const inBatches = await Promise.all(bodies.map((body) => callAs(batched.server, mine, CALLS.placeOrder, body)));
  // One transaction per request, in the order they arrived.
  const oneAtATime = [];
  for (const body of bodies) oneAtATime.push(await callAs(oneByOne.server, theirs, CALLS.placeOrder, body));

  const outcomes = (answers: typeof inBatches) => answers.map((answer) => (answer.status === 200 ? `placed, ${answer.body.data.balance} left` : `${answer.status} ${reasonOf(answer)}`));
  expect(outcomes(oneAtATime)).toEqual(['400 VALIDATION', 'placed, 2.00 left', '422 INSUFFICIENT_BALANCE']);
  expect(outcomes(inBatches)).toEqual(outcomes(oneAtATime));
}, 30_000);
