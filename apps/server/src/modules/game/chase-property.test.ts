import { randomBytes, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CALLS, formatMoney } from '@wallet/contract';
import { periodAt } from '@wallet/contract/game';
import { type ClockedServer } from '../../testing/accounts.js';
import { cancelChaseAs, chasesOf, clockTo, ordersOf, periodNow, startChaseAs, type Chase } from '../../testing/chases.js';
import { saveTestProject } from '../../testing/game.js';
import { assetsOf, verifyLedger } from '../../testing/money.js';
import { centsOf, userWithBalance } from '../../testing/money-load.js';
import { callAs, reasonOf } from '../../testing/typed-call.js';
import { SHORT_TIMING, startGameDayServer } from '../../testing/game-day.js';

/*
 * Random chases (started in the open period or the next, stop-on-win or
 * not), cancels, exposure limits set and lifted, the project disabled and
 * enabled again, ordinary orders taking the limit, and the clock moving
 * period by period. After every step, through the API alone: no money made
 * or lost (each user's balance plus what their chases hold equals what they
 * had, less what they ordered, plus what they won), every placed period has
 * its orders exactly once and no other period has any, a stop-on-win chase
 * places nothing after a win, and the ledger proves itself (its chase
 * accounts equal the periods waiting).
 */

const RUNS = 20;

let server: ClockedServer;
let token: string;
/** An always-enabled project whose reads run the period round at each step. */
let ticker: string;
let reader: Awaited<ReturnType<typeof userWithBalance>>;
beforeAll(async () => {
  ({ server, token } = await startGameDayServer(8));
  ticker = (await saveTestProject(server, token, { id: 'chase-ticker', name: 'Ticker' })).id;
  reader = await userWithBalance(server, token, '0.00');
});
afterAll(async () => server.close());

type User = Awaited<ReturnType<typeof userWithBalance>>;

interface Run {
  projectId: string;
  users: { user: User; opening: number }[];
  enabled: boolean;
  limit: string | null;
}

const OPTIONS = ['big', 'small', 'odd', 'even', 'sum-10', 'any-triple'];

type Step =
  | { kind: 'chase'; who: number; next: boolean; periods: number; picks: { option: string; quantity: number }[]; stopOnWin: boolean }
  | { kind: 'cancel'; who: number; which: number }
  | { kind: 'order'; who: number; option: string; quantity: number }
  | { kind: 'limit'; cents: number | null }
  | { kind: 'toggle' }
  | { kind: 'tick'; periods: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('chase' as const),
      who: fc.nat({ max: 1 }),
      next: fc.boolean(),
      periods: fc.integer({ min: 2, max: 5 }),
      picks: fc.uniqueArray(fc.record({ option: fc.constantFrom(...OPTIONS), quantity: fc.integer({ min: 1, max: 3 }) }), { minLength: 1, maxLength: 3, selector: (p) => p.option }),
      stopOnWin: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), who: fc.nat({ max: 1 }), which: fc.nat({ max: 5 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('order' as const), who: fc.nat({ max: 1 }), option: fc.constantFrom(...OPTIONS), quantity: fc.integer({ min: 1, max: 3 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('limit' as const), cents: fc.option(fc.integer({ min: 3_00, max: 12_00 })) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('toggle' as const) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('tick' as const), periods: fc.integer({ min: 1, max: 2 }) }) },
);

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

async function saveRunProject(run: Run) {
  await saveTestProject(server, token, { id: run.projectId, name: 'Chase property', enabled: run.enabled, exposureLimit: run.limit });
}

/** Moves the clock to the next period boundary (every project here has 10-second periods on the same clock) and runs the round there. */
async function tick() {
  const now = server.clock.now();
  const boundary = periodAt(SHORT_TIMING, 'UTC', now).drawsAt;
  await clockTo(server, reader, ticker, boundary);
}

async function act(run: Run, s: Step): Promise<void> {
  const holder = run.users[s.kind === 'chase' || s.kind === 'cancel' || s.kind === 'order' ? s.who % run.users.length : 0]!;
  switch (s.kind) {
    case 'chase': {
      const current = periodAt(SHORT_TIMING, 'UTC', server.clock.now());
      const startPeriodNo = s.next ? periodAt(SHORT_TIMING, 'UTC', current.drawsAt).periodNo : current.periodNo;
      const answer = await startChaseAs(server, holder.user, { projectId: run.projectId, startPeriodNo, periods: s.periods, selections: s.picks, stopOnWin: s.stopOnWin });
      if (answer.status !== 200) expect(['NOT_FOUND', 'PERIOD_CLOSED', 'INSUFFICIENT_BALANCE', 'EXPOSURE_LIMIT'], JSON.stringify(answer.body)).toContain(reasonOf(answer));
      else expect(answer.body.data.periodNos).toHaveLength(s.periods);
      return;
    }
    case 'cancel': {
      const mine = await chasesOf(server, holder.user);
      if (mine.length === 0) return;
      const chase = mine[s.which % mine.length]!;
      const answer = await cancelChaseAs(server, holder.user, chase.chaseNo);
      if (answer.status !== 200) {
        expect(reasonOf(answer)).toBe('CHASE_FINISHED');
        expect(chase.periods.some((p) => p.state === 'waiting')).toBe(false);
        return;
      }
      const after = (await chasesOf(server, holder.user)).find((c) => c.chaseNo === chase.chaseNo)!;
      for (const periodNo of answer.body.data.cancelledPeriodNos) expect(after.periods.find((p) => p.periodNo === periodNo)).toMatchObject({ state: 'cancelled', reason: 'CANCELLED', orderNos: [] });
      expect(after.periods.some((p) => p.state === 'waiting')).toBe(false);
      return;
    }
    case 'order': {
      const current = periodAt(SHORT_TIMING, 'UTC', server.clock.now());
      const answer = await callAs(server, holder.user, CALLS.placeOrder, {
        projectId: run.projectId,
        periodNo: current.periodNo,
        selections: [{ option: s.option, quantity: s.quantity }],
        requestId: randomUUID(),
      });
      if (answer.status !== 200) expect(['NOT_FOUND', 'PERIOD_CLOSED', 'INSUFFICIENT_BALANCE', 'EXPOSURE_LIMIT']).toContain(reasonOf(answer));
      return;
    }
    case 'limit':
      run.limit = s.cents === null ? null : formatMoney(s.cents);
      await saveRunProject(run);
      return;
    case 'toggle':
      run.enabled = !run.enabled;
      await saveRunProject(run);
      return;
    case 'tick':
      for (let i = 0; i < s.periods; i += 1) await tick();
      return;
  }
}

/** What the API shows holds together, for every user of the run. */
async function expectConsistent(run: Run): Promise<void> {
  const report = await verifyLedger(server, token);
  expect(report.problems).toEqual([]);

  for (const { user, opening } of run.users) {
    const chases = await chasesOf(server, user);
    const orders = await ordersOf(server, user);
    const byNo = new Map(orders.map((o) => [o.orderNo, o]));
    const chasedOrderNos = chases.flatMap((c) => c.periods.flatMap((p) => p.orderNos));
    // Nothing placed twice: an order belongs to one chased period at most, and each placed period has one order per selection.
    expect(new Set(chasedOrderNos).size).toBe(chasedOrderNos.length);
    for (const chase of chases) expectChaseHolds(chase, byNo);

    const ordered = sum(orders.map((o) => centsOf(o.amount)));
    const won = sum(orders.map((o) => (o.payout === null ? 0 : centsOf(o.payout))));
    const reserved = sum(chases.map((c) => centsOf(c.reserved)));
    const assets = await assetsOf(server, user);
    expect(centsOf(assets.balance) + reserved).toBe(opening - ordered + won);
    expect(assets.totals['ordered']).toBe(formatMoney(ordered));
  }
}

/** Every state (and reason) the runs met. */
const seen = new Set<string>();

function expectChaseHolds(chase: Chase, orders: Map<string, Awaited<ReturnType<typeof ordersOf>>[number]>): void {
  let wonBefore = false;
  for (const period of chase.periods) {
    seen.add(period.reason ? `${period.state} ${period.reason}` : period.state);
    const placed = period.state === 'placed' || period.state === 'won' || period.state === 'lost';
    expect(period.orderNos, `${chase.chaseNo} ${period.periodNo} ${period.state}`).toHaveLength(placed ? chase.selections.length : 0);
    const mine = period.orderNos.map((no) => orders.get(no)!);
    expect(mine.every((o) => o && o.periodNo === period.periodNo && o.projectId === chase.projectId)).toBe(true);
    expect(sum(mine.map((o) => centsOf(o.amount)))).toBe(placed ? centsOf(period.amount) : 0);
    if (period.state === 'won' || period.state === 'lost') {
      const payout = sum(mine.map((o) => centsOf(o.payout!)));
      expect(period.payout).toBe(formatMoney(payout));
      expect(period.state).toBe(payout > 0 ? 'won' : 'lost');
    }
    if (period.state === 'placed') expect(mine.every((o) => !o.audited)).toBe(true);
    if (period.state === 'skipped') expect(['EXPOSURE_LIMIT', 'PROJECT_DISABLED', 'PERIOD_MISSED']).toContain(period.reason);
    // After a win, a stop-on-win chase places nothing more.
    if (chase.stopOnWin && wonBefore) expect(placed).toBe(false);
    if (period.state === 'won') wonBefore = true;
  }
  expect(chase.running).toBe(chase.periods.some((p) => p.state === 'waiting' || p.state === 'placed'));
}

it('conserves money, keeps the chase reserve equal to the periods waiting, and places each period at most once, whatever happens', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(fc.integer({ min: 5_00, max: 60_00 }), { minLength: 1, maxLength: 2 }), fc.array(step, { minLength: 4, maxLength: 16 }), async (openings, steps) => {
      const run: Run = {
        projectId: `cp-${randomBytes(5).toString('hex')}`,
        users: await Promise.all(openings.map(async (opening) => ({ user: await userWithBalance(server, token, formatMoney(opening)), opening }))),
        enabled: true,
        limit: null,
      };
      await saveRunProject(run);
      await tick();
      await periodNow(server, reader, run.projectId);
      for (const s of steps) {
        await act(run, s);
        await expectConsistent(run);
      }
      // The project stops; every chase ends within its periods, and all its money is back or ordered.
      run.enabled = false;
      await saveRunProject(run);
      for (let i = 0; i < 7; i += 1) await tick();
      await expectConsistent(run);
      for (const { user } of run.users) for (const chase of await chasesOf(server, user)) expect(chase.periods.some((p) => p.state === 'waiting' || p.state === 'placed'), chase.chaseNo).toBe(false);
    }),
    { numRuns: RUNS, endOnFailure: true },
  );
  // The runs placed, won or lost, skipped and cancelled periods: the rules above were put to work.
  expect([...seen].some((state) => state === 'won' || state === 'lost')).toBe(true);
  expect([...seen].some((state) => state.startsWith('skipped'))).toBe(true);
  expect([...seen].some((state) => state.startsWith('cancelled'))).toBe(true);
}, 240_000);
