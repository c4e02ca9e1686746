import { randomBytes, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CALLS, OPERATOR_CALLS, formatMoney, type CallBody, type CallResult, type listPeriods, type orderList, type saveProject } from '@wallet/contract';
import { OPTION_CODES, OPTION_RULES, checkPeriod, formatOdds, optionRule, parseOdds, payoutCents, winningThrows, type Dice } from '@wallet/contract/game';
import { registerUser, type ClockedServer, type RegisteredUser } from '../../testing/accounts.js';
import { assetsOf, verifyLedger } from '../../testing/money.js';
import { centsOf, userWithBalance } from '../../testing/money-load.js';
import { callAs, errorOf, operatorCallAs, reasonOf } from '../../testing/typed-call.js';
import { startGameDayServer } from '../../testing/game-day.js';

/*
 * Random sequences of orders (some refused: balance, quantity, exposure, the
 * lock), odds saved by the operator in between, and clock moves that lock and
 * draw periods, against a model that knows only the rules of PRODUCT §5 and
 * §6. After every draw, through the API alone: each settled order paid
 * floor(amount × its odds) when its option won the period's dice, its profit
 * and credit points right, no order of a drawn period waiting, the dice those
 * of the revealed seed, every balance where the model says, no money made or
 * lost between the users and the house, and the ledger proving itself.
 */

const RUNS = 25;
const MAX_COMMANDS = 20;
const SECOND = 1000;
/** Draws are looked for this many times, a second of clock apart, before the test gives up on one. */
const DRAW_TRIES = 4;

let server: ClockedServer;
let token: string;
/** Reads what every player sees of the periods. */
let reader: RegisteredUser;
beforeAll(async () => {
  ({ server, token } = await startGameDayServer());
  reader = await registerUser(server);
});
afterAll(async () => server.close());

type User = Awaited<ReturnType<typeof userWithBalance>>;
type ProjectBody = CallBody<typeof saveProject> & { id: string };
type Selection = { option: string; quantity: number };
/** A quantity relative to the project's limits: `above` the minimum, or past the limits by `above`. */
type Quantity = { inRange: boolean; above: number };

interface Placed {
  orderNo: string;
  periodNo: string;
  option: string;
  quantity: number;
  amount: number;
  /** Hundredths, as the project offered them when the order was placed. */
  odds: number;
  /** Once its period is drawn. */
  payout: number | null;
}

interface Holder {
  user: User;
  opening: number;
  balance: number;
  coin: number;
  orders: Placed[];
}

interface OpenPeriod {
  periodNo: string;
  opensAt: number;
  locksAt: number;
  drawsAt: number;
  serverSeedHash: string;
  nextSeedHash: string;
}

interface Model {
  project: ProjectBody;
  unit: number;
  limit: number | null;
  odds: Record<string, number>;
  holders: Holder[];
  period: OpenPeriod;
  /** The current period's possible payout per option. */
  exposure: Map<string, number>;
  drawn: Map<string, Dice>;
}

interface Real {
  server: ClockedServer;
  token: string;
}

const pick = <T>(items: T[], index: number): T => items[index % items.length]!;
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

const periodOf = async (projectId: string) => {
  const response = await callAs(server, reader, CALLS.gamePeriod, { projectId });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
};

/** Reads the project's current period until it is open with the next period's hash published; the clock moves a second between reads. */
async function openPeriod(projectId: string): Promise<OpenPeriod> {
  let current = await periodOf(projectId);
  if (current.status === 'upcoming') {
    server.clock.advance(current.opensAt - server.clock.now());
    current = await periodOf(projectId);
  }
  // The runner publishes the next seed hash on its next round; on a manual clock a round needs the clock to move.
  for (let tries = 0; current.nextSeedHash === null && tries < 2; tries += 1) {
    server.clock.advance(SECOND);
    current = await periodOf(projectId);
  }
  expect(current.status).toBe('open');
  expect(current.serverSeed).toBeNull();
  expect(current.dice).toBeNull();
  expect(current.nextSeedHash).toMatch(/^[0-9a-f]{64}$/);
  return { ...current, nextSeedHash: current.nextSeedHash! };
}

async function allOrdersOf(user: User) {
  const items: CallResult<typeof orderList>['items'] = [];
  for (let page = 1; ; page += 1) {
    const response = await callAs(server, user, CALLS.orderList, { page, pageSize: 50 });
    expect(response.status).toBe(200);
    items.push(...response.body.data.items);
    if (items.length >= response.body.data.total || response.body.data.items.length === 0) return items;
  }
}

async function allPeriodsOf(projectId: string) {
  const items: CallResult<typeof listPeriods>['items'] = [];
  for (let page = 1; ; page += 1) {
    const response = await operatorCallAs(server, token, OPERATOR_CALLS.periods, { projectId, page, pageSize: 50 });
    expect(response.status).toBe(200);
    items.push(...response.body.data.items);
    if (items.length >= response.body.data.total || response.body.data.items.length === 0) return items;
  }
}

/** What the API shows equals the model, and the rules hold for every order, balance and period. */
async function expectModel(model: Model): Promise<void> {
  const report = await verifyLedger(server, token);
  expect(report.problems).toEqual([]);
  expect(report.ok).toBe(true);

  for (const holder of model.holders) {
    const shown = await allOrdersOf(holder.user);
    expect(shown.map((o) => o.orderNo).sort()).toEqual(holder.orders.map((o) => o.orderNo).sort());
    for (const order of shown) {
      const placed = holder.orders.find((o) => o.orderNo === order.orderNo)!;
      const amount = centsOf(order.amount);
      const odds = parseOdds(order.odds)!;
      expect({ periodNo: order.periodNo, option: order.option, quantity: order.quantity, amount, odds }).toEqual({
        periodNo: placed.periodNo,
        option: placed.option,
        quantity: placed.quantity,
        amount: placed.amount,
        odds: placed.odds,
      });
      const dice = model.drawn.get(order.periodNo);
      if (dice) {
        // The rule, from what the order shows: floor(amount × odds) when its option wins the period's dice, else nothing.
        const payout = optionRule(order.option).wins(dice) ? payoutCents(amount, odds) : 0;
        expect(order, order.orderNo).toMatchObject({ audited: true, dice: [...dice], payout: formatMoney(payout), profit: formatMoney(payout - amount) });
        expect(payout).toBe(placed.payout);
      } else {
        expect(order, order.orderNo).toMatchObject({ audited: false, dice: null, payout: null, profit: null });
      }
    }

    const assets = await assetsOf(server, holder.user);
    const ordered = sum(holder.orders.map((o) => o.amount));
    const won = sum(holder.orders.map((o) => o.payout ?? 0));
    expect({ balance: assets.balance, freeze: assets.freeze, coin: assets.coin, ordered: assets.totals['ordered'], profit: assets.totals['profit'] }).toEqual({
      balance: formatMoney(holder.balance),
      freeze: '0.00',
      coin: holder.coin,
      ordered: formatMoney(ordered),
      profit: formatMoney(won - ordered),
    });
    expect(holder.balance).toBe(holder.opening - ordered + won);
  }

  // The house's side, as the console shows it per period: what was ordered, and what was paid back once drawn.
  const periods = await allPeriodsOf(model.project.id);
  const orders = model.holders.flatMap((h) => h.orders);
  for (const period of periods) {
    const mine = orders.filter((o) => o.periodNo === period.periodNo);
    const dice = model.drawn.get(period.periodNo);
    expect(period.orders, period.periodNo).toBe(mine.length);
    expect(period.amount).toBe(formatMoney(sum(mine.map((o) => o.amount))));
    if (dice) {
      const payout = sum(mine.map((o) => o.payout!));
      expect(period).toMatchObject({ status: 'drawn', dice: [...dice], payout: formatMoney(payout), houseResult: formatMoney(sum(mine.map((o) => o.amount)) - payout) });
    } else {
      expect(period.status).not.toBe('drawn');
      expect(period.payout).toBeNull();
    }
  }
  expect(new Set(orders.map((o) => o.periodNo))).toEqual(new Set(periods.filter((p) => p.orders > 0).map((p) => p.periodNo)));

  // No money made or lost: what the operator put in is in the users' balances or with the house.
  const houseGain = sum(periods.map((p) => centsOf(p.amount) - (p.payout === null ? 0 : centsOf(p.payout))));
  expect(sum(model.holders.map((h) => h.balance)) + houseGain).toBe(sum(model.holders.map((h) => h.opening)));
}

interface Refusal {
  status: number;
  /** Any of these: when an order breaks more than one rule, the contract does not say which one it hears of. */
  reasons: string[];
  field?: [string, string];
}

/** The refusal the rules give (a quantity outside the limits before anything else); null when the order goes through. */
function expectedRefusal(model: Model, holder: Holder, selections: Selection[]): Refusal | null {
  const { minQuantity = 1, maxQuantity } = model.project;
  const outOfRange = selections.findIndex((s) => s.quantity < minQuantity || s.quantity > maxQuantity);
  if (outOfRange >= 0) return { status: 400, reasons: ['VALIDATION'], field: [`selections.${outOfRange}.quantity`, `Enter a quantity from ${minQuantity} to ${maxQuantity}.`] };
  const reasons: string[] = [];
  const overLimit = selections.some((s) => {
    const possible = payoutCents(s.quantity * model.unit, model.odds[s.option]!);
    return model.limit !== null && (model.exposure.get(s.option) ?? 0) + possible > model.limit;
  });
  if (overLimit) reasons.push('EXPOSURE_LIMIT');
  if (sum(selections.map((s) => s.quantity * model.unit)) > holder.balance) reasons.push('INSUFFICIENT_BALANCE');
  return reasons.length > 0 ? { status: 422, reasons } : null;
}

type GameCommand = fc.AsyncCommand<Model, Real>;

/** The quantity a client sends: within the project's limits, or below its minimum or above its maximum. */
function quantityFor(project: ProjectBody, wanted: Quantity): number {
  const min = project.minQuantity ?? 1;
  if (wanted.inRange) return Math.min(project.maxQuantity, min + wanted.above);
  return wanted.above % 2 === 0 && min > 1 ? min - 1 : project.maxQuantity + 1 + wanted.above;
}

class PlaceOrder implements GameCommand {
  constructor(
    readonly who: number,
    readonly picks: { option: string; quantity: Quantity }[],
    readonly retried: boolean,
  ) {}
  check = () => true;
  async run(model: Model) {
    const holder = pick(model.holders, this.who);
    const selections = this.picks.map((p) => ({ option: p.option, quantity: quantityFor(model.project, p.quantity) }));
    const body = { projectId: model.project.id, periodNo: model.period.periodNo, selections, requestId: randomUUID() };
    const response = await callAs(server, holder.user, CALLS.placeOrder, body);
    const refusal = expectedRefusal(model, holder, selections);
    if (refusal) {
      expect(response.status, JSON.stringify(response.body)).toBe(refusal.status);
      expect(refusal.reasons).toContain(reasonOf(response));
      if (refusal.field) expect(errorOf(response).fields).toEqual(Object.fromEntries([refusal.field]));
    } else {
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      const placed = selections.map((s) => ({ ...s, amount: s.quantity * model.unit, odds: model.odds[s.option]! }));
      const { orders, balance } = response.body.data;
      expect(orders.map((o) => ({ option: o.option, quantity: o.quantity, amount: o.amount, odds: o.odds }))).toEqual(
        placed.map((p) => ({ option: p.option, quantity: p.quantity, amount: formatMoney(p.amount), odds: formatOdds(p.odds) })),
      );
      for (const order of orders) {
        expect(order).toMatchObject({ projectId: model.project.id, periodNo: model.period.periodNo, audited: false, payout: null, profit: null, dice: null });
      }
      holder.balance -= sum(placed.map((p) => p.amount));
      expect(balance).toBe(formatMoney(holder.balance));
      orders.forEach((order, i) => {
        const p = placed[i]!;
        holder.orders.push({ orderNo: order.orderNo, periodNo: model.period.periodNo, option: p.option, quantity: p.quantity, amount: p.amount, odds: p.odds, payout: null });
        model.exposure.set(p.option, (model.exposure.get(p.option) ?? 0) + payoutCents(p.amount, p.odds));
      });
    }
    if (this.retried) {
      // The same request again: the first answer, nothing done twice.
      const again = await callAs(server, holder.user, CALLS.placeOrder, body);
      expect({ status: again.status, data: again.body.data }).toEqual({ status: response.status, data: response.body.data });
    }
  }
  toString = () =>
    `order(user ${this.who}, ${this.picks.map((p) => `${p.option} ${p.quantity.inRange ? `min+${p.quantity.above}` : `outside ${p.quantity.above}`}`).join(', ')}${this.retried ? ', sent twice' : ''})`;
}

/** Odds as an operator might type them: "2", "2.5" or "2.50". */
function typedOdds(odds: number): string {
  if (odds % 100 === 0) return String(odds / 100);
  if (odds % 10 === 0) return formatOdds(odds).slice(0, -1);
  return formatOdds(odds);
}

class SaveOdds implements GameCommand {
  constructor(
    readonly changes: [string, number][],
    /** undefined: the limit stays; null: none. */
    readonly limit: number | null | undefined,
  ) {}
  check = () => true;
  async run(model: Model) {
    const limit = this.limit === undefined ? model.limit : this.limit;
    const odds = Object.fromEntries(this.changes.map(([code, value]) => [code, typedOdds(value)]));
    const response = await operatorCallAs(server, token, OPERATOR_CALLS.saveProject, { ...model.project, odds, exposureLimit: limit === null ? null : formatMoney(limit) });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    for (const [code, value] of this.changes) model.odds[code] = value;
    model.limit = limit;
    const expected = Object.fromEntries(OPTION_CODES.map((code) => [code, formatOdds(model.odds[code]!)]));
    expect(response.body.data.odds).toEqual(expected);
    expect(response.body.data.exposureLimit).toBe(limit === null ? null : formatMoney(limit));
    // Players see the new odds at once.
    const listed = (await callAs(server, reader, CALLS.gameProjects, {})).body.data.find((p) => p.id === model.project.id)!;
    expect(Object.fromEntries(listed.options.map((o) => [o.code, o.odds]))).toEqual(expected);
  }
  toString = () => `save odds(${this.changes.map(([code, odds]) => `${code} ${formatOdds(odds)}`).join(', ')}; limit ${this.limit === undefined ? 'kept' : this.limit === null ? 'none' : formatMoney(this.limit)})`;
}

class Draw implements GameCommand {
  constructor(
    /** First to the lock, where a late order is refused and the period shows locked. */
    readonly lockFirst: boolean,
  ) {}
  check = () => true;
  async run(model: Model) {
    if (this.lockFirst) await lockAndOrderLate(model);
    await drawAndCheck(model);
  }
  toString = () => (this.lockFirst ? 'lock, order late, draw' : 'draw');
}

async function lockAndOrderLate(model: Model): Promise<void> {
  const { period } = model;
  server.clock.advance(period.locksAt - server.clock.now());
  if (period.locksAt < period.drawsAt) expect((await periodOf(model.project.id)).status).toBe('locked');
  const holder = model.holders[0]!;
  const late = await callAs(server, holder.user, CALLS.placeOrder, { projectId: model.project.id, periodNo: period.periodNo, selections: [{ option: 'big', quantity: model.project.minQuantity ?? 1 }], requestId: randomUUID() });
  expect({ status: late.status, reason: reasonOf(late) }).toEqual({ status: 422, reason: 'PERIOD_CLOSED' });
}

/** Moves the clock to the draw, waits for it, settles the model by the rules, checks everything and opens the next period. */
async function drawAndCheck(model: Model): Promise<void> {
  const { period } = model;
  server.clock.advance(period.drawsAt - server.clock.now());
  let drawn: Awaited<ReturnType<typeof periodOf>>['recent'][number] | undefined;
  for (let tries = 0; !drawn && tries < DRAW_TRIES; tries += 1) {
    if (tries > 0) server.clock.advance(SECOND);
    drawn = (await periodOf(model.project.id)).recent.find((p) => p.periodNo === period.periodNo);
  }
  expect(drawn, `period ${period.periodNo} drawn`).toBeDefined();
  const dice = drawn!.dice!;
  expect(drawn).toMatchObject({ status: 'drawn', serverSeedHash: period.serverSeedHash, sum: dice[0] + dice[1] + dice[2] });
  // The dice are those the published algorithm gives from the revealed seed, which hashes to what was published before.
  expect(await checkPeriod({ ...drawn!, serverSeed: drawn!.serverSeed!, dice })).toEqual({ hashMatches: true, diceMatch: true });
  model.drawn.set(period.periodNo, dice);
  for (const holder of model.holders) {
    for (const order of holder.orders.filter((o) => o.periodNo === period.periodNo)) {
      order.payout = optionRule(order.option).wins(dice) ? payoutCents(order.amount, order.odds) : 0;
      holder.balance += order.payout;
      // One credit point per unit ordered, once settled.
      holder.coin += order.quantity;
    }
  }
  await expectModel(model);

  const next = await openPeriod(model.project.id);
  expect(next.opensAt).toBe(period.drawsAt);
  expect(next.serverSeedHash).toBe(period.nextSeedHash);
  model.period = next;
  model.exposure.clear();
}

// ---------------------------------------------------------------- arbitraries

/** The most an operator may set: a return to player of at most 100 %. */
const maxOddsOf = (code: string) => Math.floor(21_600 / winningThrows(code));
const BASIC = OPTION_RULES.filter((r) => r.group === 'basic').map((r) => r.code);

const option = fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...BASIC) }, { weight: 3, arbitrary: fc.constantFrom(...OPTION_CODES) });
/** Mostly a quantity the project allows (a small one, so balances last a few orders), now and then one just outside. */
const quantity = fc.oneof(
  { weight: 30, arbitrary: fc.nat({ max: 9 }).map((above): Quantity => ({ inRange: true, above })) },
  { weight: 1, arbitrary: fc.nat({ max: 5 }).map((above): Quantity => ({ inRange: false, above })) },
);
const selections = fc.uniqueArray(fc.record({ option, quantity }), { minLength: 1, maxLength: 6, selector: (s) => s.option });
const oddsChange = fc
  .tuple(option, fc.nat())
  .map(([code, roll]): [string, number] => [code, 101 + (roll % (maxOddsOf(code) - 100))]);
/** Low enough that orders meet it now and then, high enough that most get through. */
const limitCents = fc.integer({ min: 20_00, max: 400_00 });

const commands = fc.commands(
  [
    ...Array.from({ length: 6 }, () =>
      fc.tuple(fc.nat({ max: 2 }), selections, fc.integer({ min: 0, max: 5 })).map(([who, picked, roll]) => new PlaceOrder(who, picked, roll === 0)),
    ),
    fc
      .tuple(fc.array(oddsChange, { minLength: 1, maxLength: 5 }), fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: limitCents }))
      .map(([changes, limit]) => new SaveOdds(changes, limit)),
    fc.boolean().map((lockFirst) => new Draw(lockFirst)),
  ],
  { maxCommands: MAX_COMMANDS, size: 'max' },
);

interface RunSetup {
  /** Each user's opening balance, in cents. */
  openings: number[];
  unit: number;
  periodSeconds: number;
  lockSeconds: number;
  minQuantity: number;
  maxQuantity: number;
  limit: number | null;
}

const runSetup: fc.Arbitrary<RunSetup> = fc.record({
  openings: fc.array(fc.integer({ min: 0, max: 300_00 }), { minLength: 1, maxLength: 3 }),
  unit: fc.constantFrom(100, 100, 50, 10, 37, 200, 500),
  periodSeconds: fc.constantFrom(10, 15, 20, 30, 60),
  lockSeconds: fc.integer({ min: 0, max: 3 }),
  minQuantity: fc.integer({ min: 1, max: 2 }),
  maxQuantity: fc.integer({ min: 5, max: 40 }),
  limit: fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: limitCents }),
});

/** A project of the run's own (so the house's side of it is the run's alone), its users, and its first open period. */
async function newModel(setup: RunSetup): Promise<Model> {
  const project: ProjectBody = {
    id: `prop-${randomBytes(6).toString('hex')}`,
    name: 'Property',
    cover: '',
    periodSeconds: setup.periodSeconds,
    lockSeconds: setup.lockSeconds,
    unitAmount: formatMoney(setup.unit),
    minQuantity: setup.minQuantity,
    maxQuantity: setup.maxQuantity,
    enabled: true,
  };
  const saved = await operatorCallAs(server, token, OPERATOR_CALLS.saveProject, { ...project, exposureLimit: setup.limit === null ? null : formatMoney(setup.limit) });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const holders = await Promise.all(
    setup.openings.map(async (opening) => ({ user: await userWithBalance(server, token, formatMoney(opening)), opening, balance: opening, coin: 0, orders: [] })),
  );
  return {
    project,
    unit: setup.unit,
    limit: setup.limit,
    odds: Object.fromEntries(Object.entries(saved.body.data.odds).map(([code, odds]) => [code, parseOdds(odds)!])),
    holders,
    period: await openPeriod(project.id),
    exposure: new Map(),
    drawn: new Map(),
  };
}

it('settles every order by the rules, conserves money between users and house, and the ledger proves itself after every draw', async () => {
  await fc.assert(
    fc.asyncProperty(runSetup, commands, async (setup, steps) => {
      const model = await newModel(setup);
      try {
        await fc.asyncModelRun(() => ({ model, real: { server, token } }), steps);
        await drawAndCheck(model);
      } finally {
        // The run's project stops making periods; what it made still draws.
        const stopped = await operatorCallAs(server, token, OPERATOR_CALLS.saveProject, { ...model.project, enabled: false });
        expect(stopped.status).toBe(200);
      }
    }),
    { numRuns: RUNS, endOnFailure: true },
  );
  const report = await verifyLedger(server, token);
  expect(report).toMatchObject({ ok: true, problems: [] });
}, 120_000);
