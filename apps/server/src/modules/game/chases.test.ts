import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CALLS, formatMoney } from '@wallet/contract';
import { periodAt } from '@wallet/contract/game';
import { registerUser, type ClockedServer } from '../../testing/accounts.js';
import { cancelChaseAs, chaseOf, chasesOf, clockTo, openPeriodWithNext, ordersOf, startChaseAs } from '../../testing/chases.js';
import { saveTestProject } from '../../testing/game.js';
import { assetsOf, verifyLedger } from '../../testing/money.js';
import { centsOf, statementItemsOf, userWithBalance } from '../../testing/money-load.js';
import { callAs, expectRefusal } from '../../testing/typed-call.js';
import { SHORT_TIMING, startGameDayServer } from '../../testing/game-day.js';

/*
 * Chasing over HTTP: the whole amount reserved at once, each period placed
 * from the reserve as it opens (at the odds then in force) and settled with
 * its draw, a win stopping a stop-on-win chase, a cancel returning what was
 * not placed, refused periods skipped and returned; the ledger proves every
 * step.
 */


let server: ClockedServer;
let token: string;
beforeAll(async () => {
  ({ server, token } = await startGameDayServer());
});
afterAll(async () => server.close());

let projects = 0;
/** A project of the test's own: 10-second periods, orders closing 2 s before the draw, unit 1.00. */
async function newProject(fields: Parameters<typeof saveTestProject>[2] = {}) {
  projects += 1;
  const id = `chase-${projects}`;
  await saveTestProject(server, token, { id, name: `Chase ${projects}`, ...fields });
  return id;
}

const nextOf = (period: { drawsAt: number }) => periodAt(SHORT_TIMING, 'UTC', period.drawsAt);
const statesOf = (chase: { periods: { state: string }[] }) => chase.periods.map((p) => p.state);

async function expectLedgerClean() {
  const report = await verifyLedger(server, token);
  expect(report.problems).toEqual([]);
  expect(report.ok).toBe(true);
}

describe('a chase', () => {
  it('reserves everything at once, places each period from the reserve as it opens at the odds then in force, settles it with the draw, and lists every state', async () => {
    const projectId = await newProject();
    const user = await userWithBalance(server, token, '100.00');
    const open = await openPeriodWithNext(server, user, projectId);
    const windows = [nextOf(open)];
    windows.push(nextOf(windows[0]!));
    windows.push(nextOf(windows[1]!));

    const started = await startChaseAs(server, user, {
      projectId,
      startPeriodNo: windows[0]!.periodNo,
      periods: 3,
      selections: [
        { option: 'big', quantity: 2 },
        { option: 'sum-10', quantity: 1 },
      ],
      stopOnWin: false,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.mess).toBe('Chase started. Each period is ordered when it opens.');
    const { chaseNo } = started.body.data;
    expect(started.body.data).toEqual({
      chaseNo: expect.stringMatching(/^C\d{6}[0-9A-Z]{10}$/),
      periodNos: windows.map((w) => w.periodNo),
      amountPerPeriod: '3.00',
      totalAmount: '9.00',
      balance: '91.00',
    });
    let chase = await chaseOf(server, user, chaseNo);
    expect(chase).toMatchObject({ projectId, stopOnWin: false, amountPerPeriod: '3.00', totalAmount: '9.00', reserved: '9.00', returned: '0.00', payout: '0.00', running: true });
    expect(chase.selections).toEqual([
      { option: 'big', quantity: 2 },
      { option: 'sum-10', quantity: 1 },
    ]);
    expect(statesOf(chase)).toEqual(['waiting', 'waiting', 'waiting']);
    expect((await assetsOf(server, user)).balance).toBe('91.00');
    await expectLedgerClean();

    // The operator changes the odds before the first chased period opens: its orders take the new ones.
    await saveTestProject(server, token, { id: projectId, name: 'Chase odds', odds: { big: '1.90' } });
    await clockTo(server, user, projectId, windows[0]!.opensAt);
    chase = await chaseOf(server, user, chaseNo);
    expect(statesOf(chase)).toEqual(['placed', 'waiting', 'waiting']);
    expect(chase.reserved).toBe('6.00');
    const firstOrders = (await ordersOf(server, user)).filter((o) => chase.periods[0]!.orderNos.includes(o.orderNo));
    expect(firstOrders.map((o) => [o.periodNo, o.option, o.quantity, o.amount, o.odds]).sort()).toEqual([
      [windows[0]!.periodNo, 'big', 2, '2.00', '1.90'],
      [windows[0]!.periodNo, 'sum-10', 1, '1.00', '7.68'],
    ]);

    for (const [index, window] of windows.entries()) {
      await clockTo(server, user, projectId, window.drawsAt);
      chase = await chaseOf(server, user, chaseNo);
      expect(['won', 'lost']).toContain(chase.periods[index]!.state);
      if (index + 1 < windows.length) expect(chase.periods[index + 1]!.state).toBe('placed');
    }
    expect(chase.running).toBe(false);
    expect(chase.reserved).toBe('0.00');

    const orders = await ordersOf(server, user);
    expect(orders).toHaveLength(6);
    let paid = 0;
    for (const [index, period] of chase.periods.entries()) {
      const mine = orders.filter((o) => period.orderNos.includes(o.orderNo));
      expect(mine).toHaveLength(2);
      expect(mine.every((o) => o.periodNo === windows[index]!.periodNo && o.audited)).toBe(true);
      const payout = mine.reduce((sum, o) => sum + centsOf(o.payout!), 0);
      expect(period).toMatchObject({ amount: '3.00', payout: formatMoney(payout), state: payout > 0 ? 'won' : 'lost', reason: null });
      paid += payout;
    }
    expect(chase.payout).toBe(formatMoney(paid));
    const assets = await assetsOf(server, user);
    expect(assets.balance).toBe(formatMoney(91_00 + paid));
    expect(assets.totals['ordered']).toBe('9.00');
    expect(assets.totals['profit']).toBe(formatMoney(paid - 9_00));
    expect(assets.coin).toBe(9);

    const kinds = (await statementItemsOf(server, user)).map((item) => item.kind);
    expect(kinds.filter((kind) => kind === 'chase_reserved')).toHaveLength(1);
    expect(kinds.filter((kind) => kind === 'chase_placed')).toHaveLength(6);
    expect(kinds).not.toContain('chase_returned');
    await expectLedgerClean();
  });

  it('stops on a win: the periods still waiting are cancelled and their amount returned in the draw', async () => {
    const projectId = await newProject();
    const user = await userWithBalance(server, token, '50.00');
    const open = await openPeriodWithNext(server, user, projectId);
    // Big, small and any triple: one of them wins every throw.
    const selections = [
      { option: 'big', quantity: 1 },
      { option: 'small', quantity: 1 },
      { option: 'any-triple', quantity: 1 },
    ];
    const started = await startChaseAs(server, user, { projectId, startPeriodNo: open.periodNo, periods: 4, selections, stopOnWin: true });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.data.balance).toBe('38.00');
    // The period open already is ordered at once.
    let chase = await chaseOf(server, user, started.body.data.chaseNo);
    expect(statesOf(chase)).toEqual(['placed', 'waiting', 'waiting', 'waiting']);

    await clockTo(server, user, projectId, open.drawsAt);
    chase = await chaseOf(server, user, started.body.data.chaseNo);
    expect(statesOf(chase)).toEqual(['won', 'cancelled', 'cancelled', 'cancelled']);
    expect(chase.periods.map((p) => p.reason)).toEqual([null, 'STOPPED_ON_WIN', 'STOPPED_ON_WIN', 'STOPPED_ON_WIN']);
    expect(chase).toMatchObject({ reserved: '0.00', returned: '9.00', running: false });
    expect(centsOf(chase.payout)).toBeGreaterThan(0);
    expect((await assetsOf(server, user)).balance).toBe(formatMoney(38_00 + 9_00 + centsOf(chase.payout)));
    expect(await ordersOf(server, user)).toHaveLength(3);

    // A round later nothing more happens to it.
    await clockTo(server, user, projectId, nextOf(open).drawsAt);
    expect(statesOf(await chaseOf(server, user, started.body.data.chaseNo))).toEqual(['won', 'cancelled', 'cancelled', 'cancelled']);
    await expectLedgerClean();
  });

  it('is cancelled: every period not placed is returned, once; the placed one still settles', async () => {
    const projectId = await newProject();
    const user = await userWithBalance(server, token, '20.00');
    const stranger = await registerUser(server);
    const open = await openPeriodWithNext(server, user, projectId);
    const started = await startChaseAs(server, user, { projectId, startPeriodNo: open.periodNo, periods: 5, selections: [{ option: 'odd', quantity: 1 }], stopOnWin: false });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const { chaseNo, periodNos } = started.body.data;

    expectRefusal(await cancelChaseAs(server, stranger, chaseNo), 404, 'NOT_FOUND');
    const requestId = randomUUID();
    const cancelled = await cancelChaseAs(server, user, chaseNo, requestId);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.mess).toBe('Chase cancelled. The periods not yet ordered are back in your balance.');
    expect(cancelled.body.data).toEqual({ chaseNo, cancelledPeriodNos: periodNos.slice(1), returned: '4.00', balance: '19.00' });
    // The same request again: the first answer, nothing returned twice.
    const again = await cancelChaseAs(server, user, chaseNo, requestId);
    expect(again.body.data).toEqual(cancelled.body.data);
    expectRefusal(await cancelChaseAs(server, user, chaseNo), 422, 'CHASE_FINISHED');
    expect((await assetsOf(server, user)).balance).toBe('19.00');

    await clockTo(server, user, projectId, open.drawsAt);
    await clockTo(server, user, projectId, nextOf(open).drawsAt);
    const chase = await chaseOf(server, user, chaseNo);
    expect(['won', 'lost']).toContain(chase.periods[0]!.state);
    expect(statesOf(chase).slice(1)).toEqual(['cancelled', 'cancelled', 'cancelled', 'cancelled']);
    expect(chase.periods.slice(1).map((p) => [p.reason, p.orderNos])).toEqual(Array(4).fill(['CANCELLED', []]));
    expect(await ordersOf(server, user)).toHaveLength(1);
    expect((await assetsOf(server, user)).balance).toBe(formatMoney(19_00 + centsOf(chase.payout)));
    await expectLedgerClean();
  });

  it('skips a period whose orders the exposure limit refuses, returning its amount; a first period refused refuses the chase', async () => {
    const projectId = await newProject({ exposureLimit: '10.00' });
    const user = await userWithBalance(server, token, '20.00');
    const open = await openPeriodWithNext(server, user, projectId);
    // 5 × 1.95 = 9.75 may be paid out: within 10.00.
    const started = await startChaseAs(server, user, { projectId, startPeriodNo: open.periodNo, periods: 3, selections: [{ option: 'big', quantity: 5 }], stopOnWin: false });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.data.balance).toBe('5.00');

    // A period already open past the limit: refused with the chase, nothing taken.
    const refused = await startChaseAs(server, user, { projectId, startPeriodNo: open.periodNo, periods: 2, selections: [{ option: 'big', quantity: 1 }], stopOnWin: false });
    expectRefusal(refused, 422, 'EXPOSURE_LIMIT');
    expect(await chasesOf(server, user)).toHaveLength(1);
    expect((await assetsOf(server, user)).balance).toBe('5.00');

    await saveTestProject(server, token, { id: projectId, name: 'Chase limited', exposureLimit: '5.00' });
    await clockTo(server, user, projectId, open.drawsAt);
    await clockTo(server, user, projectId, nextOf(open).drawsAt);
    const chase = await chaseOf(server, user, started.body.data.chaseNo);
    expect(statesOf(chase).slice(1)).toEqual(['skipped', 'skipped']);
    expect(chase.periods.slice(1).map((p) => p.reason)).toEqual(['EXPOSURE_LIMIT', 'EXPOSURE_LIMIT']);
    expect(chase).toMatchObject({ reserved: '0.00', returned: '10.00', running: false });
    expect((await assetsOf(server, user)).balance).toBe(formatMoney(15_00 + centsOf(chase.payout)));
    await expectLedgerClean();
  });

  it('skips the periods of a disabled project: the one created when it opens, the ones never created once their time has passed', async () => {
    const projectId = await newProject();
    const user = await userWithBalance(server, token, '10.00');
    const open = await openPeriodWithNext(server, user, projectId);
    const started = await startChaseAs(server, user, { projectId, startPeriodNo: open.periodNo, periods: 3, selections: [{ option: 'even', quantity: 2 }], stopOnWin: false });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    await saveTestProject(server, token, { id: projectId, name: 'Chase disabled', enabled: false });

    const second = nextOf(open);
    const third = nextOf(second);
    await clockTo(server, user, projectId, open.drawsAt);
    // Another project's reads run the rounds while the disabled one's period reads stand still.
    const ticker = await newProject();
    await clockTo(server, user, ticker, third.locksAt);
    await clockTo(server, user, ticker, third.drawsAt);
    await vi.waitFor(async () => expect(statesOf(await chaseOf(server, user, started.body.data.chaseNo)).slice(1)).toEqual(['skipped', 'skipped']), { timeout: 5000 });
    const chase = await chaseOf(server, user, started.body.data.chaseNo);
    expect(['won', 'lost']).toContain(chase.periods[0]!.state);
    expect(chase.periods.slice(1).map((p) => p.reason)).toEqual(['PROJECT_DISABLED', 'PERIOD_MISSED']);
    expect((await assetsOf(server, user)).balance).toBe(formatMoney(4_00 + 4_00 + centsOf(chase.payout)));
    await expectLedgerClean();
  });

  it('starts only at a period still open or upcoming, with 2–50 periods the balance can pay, and once per requestId', async () => {
    const projectId = await newProject();
    const user = await userWithBalance(server, token, '10.00');
    const open = await openPeriodWithNext(server, user, projectId);
    const fields = { projectId, startPeriodNo: nextOf(open).periodNo, selections: [{ option: 'small', quantity: 1 }], stopOnWin: false };

    expectRefusal(await startChaseAs(server, user, { ...fields, periods: 1 }), 400, 'VALIDATION');
    expectRefusal(await startChaseAs(server, user, { ...fields, periods: 51 }), 400, 'VALIDATION');
    expectRefusal(await startChaseAs(server, user, { ...fields, periods: 11 }), 422, 'INSUFFICIENT_BALANCE');
    expectRefusal(await startChaseAs(server, user, { ...fields, startPeriodNo: nextOf(nextOf(open)).periodNo, periods: 2 }), 422, 'PERIOD_CLOSED');
    expectRefusal(await startChaseAs(server, user, { ...fields, selections: [{ option: 'small', quantity: 101 }], periods: 2 }), 400, 'VALIDATION');
    expectRefusal(await startChaseAs(server, user, { ...fields, projectId: 'no-such-project', periods: 2 }), 404, 'NOT_FOUND');

    const requestId = randomUUID();
    const first = await startChaseAs(server, user, { ...fields, periods: 4, requestId });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const retry = await startChaseAs(server, user, { ...fields, periods: 4, requestId });
    expect(retry.body.data).toEqual(first.body.data);
    expectRefusal(await startChaseAs(server, user, { ...fields, periods: 5, requestId }), 409, 'REQUEST_CONFLICT');
    expect(await chasesOf(server, user)).toHaveLength(1);
    expect((await assetsOf(server, user)).balance).toBe('6.00');

    server.clock.advance(open.locksAt - server.clock.now());
    expectRefusal(await startChaseAs(server, user, { ...fields, startPeriodNo: open.periodNo, periods: 2 }), 422, 'PERIOD_CLOSED');
    expect((await callAs(server, await registerUser(server), CALLS.chaseList, { page: 1, pageSize: 10 })).body.data).toEqual({ items: [], total: 0, page: 1, pageSize: 10 });
    await expectLedgerClean();
  });
});
