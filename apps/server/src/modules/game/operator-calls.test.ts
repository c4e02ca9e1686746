import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, OPERATOR_CALLS, formatMoney } from '@wallet/contract';
import { OPTION_RULES, defaultOdds, formatOdds, optionRule, payoutCents } from '@wallet/contract/game';
import { manualClock, operatorToken, startClockedServer, type ClockedServer } from '../../testing/accounts.js';
import { saveTestProject } from '../../testing/game.js';
import { assetsOf, verifyLedger } from '../../testing/money.js';
import { centsOf, latestAudit, userWithBalance } from '../../testing/money-load.js';
import { callAs, errorOf, expectRefusal, operatorCallAs, reasonOf } from '../../testing/typed-call.js';

/*
 * The operator's side of the game: projects listed and saved (audited, timing
 * changes waiting for midnight), the exposure limit holding under parallel
 * orders, and each period's figures and orders as the console reads them.
 */

const SECOND = 1000;
const DAY = 86_400 * SECOND;

let server: ClockedServer;
let token: string;
beforeAll(async () => {
  // 06:00:20 UTC: far from midnight, 20 s into a minute.
  const start = Math.floor(Date.now() / DAY) * DAY + 6 * 3600 * SECOND + 20 * SECOND;
  server = await startClockedServer({ TIME_ZONE: 'UTC', CONTENT_IMAGE_HOSTS: 'cdn.example.com' }, manualClock(start));
  token = await operatorToken(server);
});
afterAll(async () => server.close());

type User = Awaited<ReturnType<typeof userWithBalance>>;

const projectsOf = async () => (await operatorCallAs(server, token, OPERATOR_CALLS.projects, {})).body.data;
const periodOf = async (user: User, projectId: string) => (await callAs(server, user, CALLS.gamePeriod, { projectId })).body.data;

/** Moves the clock to the opening of the project's next period and answers it. */
async function nextOpenPeriod(user: User, projectId: string) {
  const current = await periodOf(user, projectId);
  server.clock.advance((current.status === 'upcoming' ? current.opensAt : current.drawsAt) - server.clock.now());
  const opened = await periodOf(user, projectId);
  expect(opened.status).toBe('open');
  return opened;
}

const order = (user: User, projectId: string, periodNo: string, option: string, quantity: number) =>
  callAs(server, user, CALLS.placeOrder, { projectId, periodNo, selections: [{ option, quantity }], requestId: randomUUID() });

describe('operator projects', () => {
  it('lists the first-start projects with every option at its default odds', async () => {
    const projects = await projectsOf();
    expect(projects.map((p) => [p.id, p.periodSeconds, p.lockSeconds, p.unitAmount, p.enabled, p.exposureLimit])).toEqual([
      ['fast3-1m', 60, 10, '1.00', true, null],
      ['fast3-3m', 180, 20, '1.00', true, null],
    ]);
    expect(projects[0]!.odds).toEqual(Object.fromEntries(OPTION_RULES.map((r) => [r.code, formatOdds(defaultOdds(r.code))])));
  });

  it('adds a project that players see at its next period boundary, with the odds set and the audit written', async () => {
    const saved = await saveTestProject(server, token, { id: undefined, name: 'Quick 30', periodSeconds: 30, lockSeconds: 5, odds: { big: '1.97', 'sum-10': '8' } });
    expect(saved.id).toMatch(/^p-[0-9a-f]{8}$/);
    expect(saved).toMatchObject({ name: 'Quick 30', periodSeconds: 30, lockSeconds: 5, nextTiming: null, enabled: true });
    expect(saved.odds['big']).toBe('1.97');
    expect(saved.odds['sum-10']).toBe('8.00');
    expect(saved.odds['small']).toBe('1.95');

    const audit = (await latestAudit(server, token, 1))[0]!;
    expect(audit).toMatchObject({ action: 'projects/save', target: saved.id });
    expect(audit.before).toBeNull();
    expect(audit.after).toMatchObject({ name: 'Quick 30' });

    const user = await userWithBalance(server, token, '10.00');
    const listed = (await callAs(server, user, CALLS.gameProjects, {})).body.data.find((p) => p.id === saved.id)!;
    expect(listed.options.find((o) => o.code === 'big')).toMatchObject({ odds: '1.97', returnToPlayer: '0.9576' });
    const open = await nextOpenPeriod(user, saved.id);
    expect(open.drawsAt - open.opensAt).toBe(30 * SECOND);
    expect(open.drawsAt - open.locksAt).toBe(5 * SECOND);
  });

  it('says what is wrong with a project', async () => {
    const save = (fields: Record<string, unknown>) =>
      operatorCallAs(server, token, OPERATOR_CALLS.saveProject, { name: 'Bad', periodSeconds: 60, lockSeconds: 10, unitAmount: '1.00', maxQuantity: 10, enabled: true, ...fields });
    expect(errorOf(await save({ periodSeconds: 7, lockSeconds: 5 })).fields).toEqual({ periodSeconds: 'The period must be 10 seconds to a day and divide a day evenly (10, 30, 60, 180 …).' });
    expect(errorOf(await save({ periodSeconds: 70 })).fields).toHaveProperty('periodSeconds');
    expect(errorOf(await save({ lockSeconds: 60 })).fields).toEqual({ lockSeconds: 'Orders must close before the draw: enter fewer seconds than the period.' });
    expect(errorOf(await save({ minQuantity: 20 })).fields).toEqual({ maxQuantity: 'The maximum quantity cannot be below the minimum.' });
    expect(errorOf(await save({ odds: { big: '0.99' } })).fields).toEqual({ 'odds.big': 'Enter odds from 1.01 to 10000.00 with at most two decimals.' });
    expect(errorOf(await save({ odds: { big: '1.955' } })).fields).toHaveProperty('odds.big');
    expect(errorOf(await save({ odds: { 'sum-4': '195.00' } })).fields).toEqual({
      'odds.sum-4': 'These odds would pay back more than is ordered on average (return to player above 100 %).',
    });
    expect(errorOf(await save({ odds: { 'sum-3': '2.00' } })).fields).toEqual({ 'odds.sum-3': 'There is no such option.' });
    expect(errorOf(await save({ unitAmount: '0.00' })).fields).toHaveProperty('unitAmount');
    // One order may cost at most 1 000 000 000.00, so that no payout can pass what an account may hold.
    expect(errorOf(await save({ unitAmount: '1000000.00', maxQuantity: 10_000 })).fields).toEqual({ maxQuantity: 'Must be at most 1000.' });
    // A cover is an image as content has them: one of our uploads or an https image on an allowed host; anything else, a script's address included, is refused.
    for (const cover of ['javascript:alert(1)', 'http://example.com/a.png', '/uploads/../x.png', 'data:image/png;base64,AAAA', 'https://images.example.org/cover.webp']) {
      expect(Object.keys(errorOf(await save({ cover })).fields ?? {})).toEqual(['cover']);
    }
    expect((await save({ id: 'cover-check', enabled: false, cover: '/uploads/abc_DEF-1.png' })).status).toBe(200);
    expect((await save({ id: 'cover-check', enabled: false, cover: 'https://cdn.example.com/cover.webp' })).status).toBe(200);
    expect((await save({ id: 'cover-check', enabled: false, cover: '' })).status).toBe(200);
    const stranger = await operatorCallAs(server, token, OPERATOR_CALLS.saveProject, { name: 'x', periodSeconds: 60, lockSeconds: 10, unitAmount: '1.00', maxQuantity: 10, enabled: true, colour: 'red' } as never);
    expect(reasonOf(stranger)).toBe('VALIDATION');
  });

  it('keeps the periods of today when the timing changes, and switches at the next local midnight', async () => {
    const user = await userWithBalance(server, token, '1.00');
    const before = (await projectsOf()).find((p) => p.id === 'fast3-1m')!;
    const { odds, createdAt, updatedAt, nextTiming, ...fields } = before;
    void [odds, createdAt, updatedAt, nextTiming];
    const saved = await saveTestProject(server, token, { ...fields, periodSeconds: 180, lockSeconds: 30 });
    const midnight = Math.floor(server.clock.now() / DAY) * DAY + DAY;
    expect(saved).toMatchObject({ periodSeconds: 60, lockSeconds: 10, nextTiming: { periodSeconds: 180, lockSeconds: 30, from: midnight } });

    const today = await nextOpenPeriod(user, 'fast3-1m');
    expect(today.drawsAt - today.opensAt).toBe(60 * SECOND);

    // Today's last period runs in the old timing; while it runs, the first of tomorrow is published in the new one.
    server.clock.advance(midnight - 90 * SECOND - server.clock.now());
    await periodOf(user, 'fast3-1m');
    server.clock.advance(60 * SECOND);
    const last = await periodOf(user, 'fast3-1m');
    expect([last.periodNo.slice(-4), last.opensAt, last.drawsAt]).toEqual(['1440', midnight - 60 * SECOND, midnight]);
    server.clock.advance(35 * SECOND);
    token = await operatorToken(server);
    const tomorrow = await periodOf(user, 'fast3-1m');
    expect(tomorrow.periodNo.endsWith('0001')).toBe(true);
    expect([tomorrow.opensAt, tomorrow.locksAt, tomorrow.drawsAt]).toEqual([midnight, midnight + 150 * SECOND, midnight + 180 * SECOND]);
    expect((await projectsOf()).find((p) => p.id === 'fast3-1m')).toMatchObject({ periodSeconds: 180, lockSeconds: 30, nextTiming: null });
  });
});

describe('the exposure limit', () => {
  it('refuses the order that would let one option pay out more than the limit, even among parallel orders', async () => {
    // 1.95 a unit: ten units pay 19.50 together, the eleventh would pass the limit.
    const project = await saveTestProject(server, token, { id: 'limited', name: 'Limited', periodSeconds: 60, lockSeconds: 10, exposureLimit: '19.50' });
    expect(project.exposureLimit).toBe('19.50');
    const users = await Promise.all(Array.from({ length: 8 }, () => userWithBalance(server, token, '5.00')));
    const open = await nextOpenPeriod(users[0]!, project.id);

    const answers = await Promise.all(users.flatMap((user) => [order(user, project.id, open.periodNo, 'big', 1), order(user, project.id, open.periodNo, 'big', 1)]));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    for (const refused of answers.filter((a) => a.status !== 200)) expectRefusal(refused, 422, 'EXPOSURE_LIMIT');
    const balances = await Promise.all(users.map(async (user) => centsOf((await assetsOf(server, user)).balance)));
    expect(balances.reduce((a, b) => a + b, 0)).toBe(8 * 5_00 - 10_00);

    // Another option has room of its own; one order alone above the limit is refused too.
    expect((await order(users[0]!, project.id, open.periodNo, 'small', 2)).status).toBe(200);
    expectRefusal(await order(users[1]!, project.id, open.periodNo, 'sum-4', 1), 422, 'EXPOSURE_LIMIT');

    const exposure = (await operatorCallAs(server, token, OPERATOR_CALLS.periodExposure, { projectId: project.id, periodNo: open.periodNo })).body.data;
    expect(exposure.exposureLimit).toBe('19.50');
    expect(exposure.period).toMatchObject({ periodNo: open.periodNo, status: 'open', serverSeed: null });
    expect(exposure.options).toHaveLength(OPTION_RULES.length);
    expect(exposure.options.find((o) => o.option === 'big')).toEqual({ option: 'big', odds: '1.95', orders: 10, amount: '10.00', possiblePayout: '19.50' });
    expect(exposure.options.find((o) => o.option === 'small')).toEqual({ option: 'small', odds: '1.95', orders: 1, amount: '2.00', possiblePayout: '3.90' });
    expect(exposure.options.find((o) => o.option === 'odd')).toEqual({ option: 'odd', odds: '1.95', orders: 0, amount: '0.00', possiblePayout: '0.00' });
    expect((await verifyLedger(server, token)).problems).toEqual([]);

    // Saving without the limit keeps it (as odds not sent are kept); null removes it.
    expect((await saveTestProject(server, token, { id: project.id, name: 'Limited, renamed', periodSeconds: 60, lockSeconds: 10 })).exposureLimit).toBe('19.50');
    expect((await saveTestProject(server, token, { id: project.id, name: 'Limited', periodSeconds: 60, lockSeconds: 10, exposureLimit: null })).exposureLimit).toBeNull();
  });
});

describe('a limit set while a period runs', () => {
  it('counts what the period already holds', async () => {
    const project = await saveTestProject(server, token, { id: 'limit-later', name: 'Limit later', periodSeconds: 60, lockSeconds: 10 });
    const user = await userWithBalance(server, token, '20.00');
    const open = await nextOpenPeriod(user, project.id);
    expect((await order(user, project.id, open.periodNo, 'big', 8)).status).toBe(200);
    // 8 units would pay 15.60; with a limit of 19.50 two more fit, a third does not.
    await saveTestProject(server, token, { id: project.id, name: 'Limit later', periodSeconds: 60, lockSeconds: 10, exposureLimit: '19.50' });
    expect((await order(user, project.id, open.periodNo, 'big', 2)).status).toBe(200);
    expectRefusal(await order(user, project.id, open.periodNo, 'big', 1), 422, 'EXPOSURE_LIMIT');
    const exposure = (await operatorCallAs(server, token, OPERATOR_CALLS.periodExposure, { projectId: project.id, periodNo: open.periodNo })).body.data;
    expect(exposure.options.find((o) => o.option === 'big')).toMatchObject({ orders: 2, amount: '10.00', possiblePayout: '19.50' });
  });
});

describe('periods and orders as operators read them', () => {
  it('sum each period: orders, amount, payout and the house result; orders filter by project, period and username', async () => {
    const project = await saveTestProject(server, token, { id: 'figures', name: 'Figures', periodSeconds: 60, lockSeconds: 10 });
    const [alice, bob] = await Promise.all([userWithBalance(server, token, '50.00'), userWithBalance(server, token, '50.00')]);
    const open = await nextOpenPeriod(alice, project.id);
    const picks: [User, string, number][] = [
      [alice, 'big', 3],
      [alice, 'sum-9', 2],
      [bob, 'small', 4],
      [bob, 'any-triple', 1],
    ];
    for (const [user, option, quantity] of picks) expect((await order(user, project.id, open.periodNo, option, quantity)).status).toBe(200);

    const waiting = (await operatorCallAs(server, token, OPERATOR_CALLS.periods, { projectId: project.id })).body.data;
    expect(waiting.items.find((p) => p.periodNo === open.periodNo)).toMatchObject({ orders: 4, amount: '10.00', payout: null, houseResult: null, dice: null });

    server.clock.advance(open.drawsAt - server.clock.now());
    const dice = (await periodOf(alice, project.id)).recent[0]!.dice!;
    const payout = picks.reduce((total, [, option, quantity]) => total + (optionRule(option).wins(dice) ? payoutCents(quantity * 100, defaultOdds(option)) : 0), 0);
    const drawn = (await operatorCallAs(server, token, OPERATOR_CALLS.periods, { projectId: project.id })).body.data;
    expect(drawn.items.find((p) => p.periodNo === open.periodNo)).toMatchObject({
      status: 'drawn',
      dice,
      orders: 4,
      amount: '10.00',
      payout: formatMoney(payout),
      houseResult: formatMoney(10_00 - payout),
    });
    expect(drawn.items[0]!.status).not.toBe('drawn');

    const bobs = (await operatorCallAs(server, token, OPERATOR_CALLS.orders, { projectId: project.id, periodNo: open.periodNo, username: bob.username.toUpperCase() })).body.data;
    expect(bobs.total).toBe(2);
    expect(bobs.items.map((o) => [o.username, o.option, o.quantity, o.audited]).sort((x, y) => String(x[1]).localeCompare(String(y[1])))).toEqual([
      [bob.username, 'any-triple', 1, true],
      [bob.username, 'small', 4, true],
    ]);
    expect((await operatorCallAs(server, token, OPERATOR_CALLS.orders, { projectId: project.id })).body.data.total).toBe(4);
    expectRefusal(await operatorCallAs(server, token, OPERATOR_CALLS.periodExposure, { projectId: project.id, periodNo: '202001010001' }), 404, 'NOT_FOUND');
  });
});

describe('a disabled project', () => {
  it('takes no orders and is no longer listed, but its periods, history and trend stay readable', async () => {
    const project = await saveTestProject(server, token, { id: 'retired', name: 'Retired', periodSeconds: 60, lockSeconds: 10 });
    const user = await userWithBalance(server, token, '10.00');
    const open = await nextOpenPeriod(user, project.id);
    expect((await order(user, project.id, open.periodNo, 'big', 2)).status).toBe(200);

    await saveTestProject(server, token, { id: project.id, name: 'Retired', periodSeconds: 60, lockSeconds: 10, enabled: false });
    expectRefusal(await order(user, project.id, open.periodNo, 'small', 1), 404, 'NOT_FOUND');
    expect((await callAs(server, user, CALLS.gameProjects, {})).body.data.map((p) => p.id)).not.toContain(project.id);
    expect((await periodOf(user, project.id)).periodNo).toBe(open.periodNo);

    // Past its last period: the one running when it was disabled, and the one published ahead of it.
    server.clock.advance(open.drawsAt + 61 * SECOND - server.clock.now());
    const last = await callAs(server, user, CALLS.gamePeriod, { projectId: project.id });
    expect(last.status, JSON.stringify(last.body)).toBe(200);
    expect(last.body.data).toMatchObject({ status: 'drawn', nextSeedHash: null });
    expect(last.body.data.recent.map((p) => p.periodNo)).toContain(open.periodNo);

    const history = await callAs(server, user, CALLS.gameHistory, { projectId: project.id, page: 1, pageSize: 10 });
    expect(history.status).toBe(200);
    const ordered = history.body.data.items.find((p) => p.periodNo === open.periodNo)!;
    expect(ordered.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(history.body.data.total).toBe(2);
    const trend = await callAs(server, user, CALLS.gameTrend, { projectId: project.id });
    expect(trend.status).toBe(200);
    expect(trend.body.data.periods).toBe(2);
    const orders = (await callAs(server, user, CALLS.orderList, { page: 1, pageSize: 5, projectId: project.id })).body.data;
    expect(orders.items.map((o) => [o.periodNo, o.audited, o.dice])).toEqual([[open.periodNo, true, ordered.dice]]);
  });
});

describe('a timing change saved while the last period of the day runs', () => {
  it('waits for the midnight after tomorrow’s first period, which is already published in the old timing', async () => {
    const project = await saveTestProject(server, token, { id: 'late', name: 'Late', periodSeconds: 60, lockSeconds: 10 });
    const user = await userWithBalance(server, token, '1.00');
    const midnight = Math.floor(server.clock.now() / DAY) * DAY + DAY;
    server.clock.advance(midnight - 90 * SECOND - server.clock.now());
    await periodOf(user, project.id);
    server.clock.advance(60 * SECOND);
    const last = await periodOf(user, project.id);
    expect(last.drawsAt).toBe(midnight);
    expect(last.nextSeedHash).not.toBeNull();

    token = await operatorToken(server);
    const saved = await saveTestProject(server, token, { id: project.id, name: 'Late', periodSeconds: 120, lockSeconds: 10 });
    expect(saved.nextTiming).toEqual({ periodSeconds: 120, lockSeconds: 10, from: midnight + DAY });

    server.clock.advance(35 * SECOND);
    const first = await periodOf(user, project.id);
    expect([first.periodNo.slice(-4), first.opensAt, first.drawsAt]).toEqual(['0001', midnight, midnight + 60 * SECOND]);
    server.clock.advance(60 * SECOND);
    const second = await periodOf(user, project.id);
    expect([second.periodNo.slice(-4), second.drawsAt - second.opensAt]).toEqual(['0002', 60 * SECOND]);
  });
});
