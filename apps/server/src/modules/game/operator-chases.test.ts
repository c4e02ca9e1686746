import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_CALLS, type OperatorRole } from '@wallet/contract';
import { periodAt } from '@wallet/contract/game';
import { type ClockedServer } from '../../testing/accounts.js';
import { cancelChaseAs, chaseOf, clockTo, openPeriodWithNext, startChaseAs } from '../../testing/chases.js';
import { saveTestProject } from '../../testing/game.js';
import { userWithBalance } from '../../testing/money-load.js';
import { operatorWithRole } from '../../testing/operators.js';
import { expectRefusal, operatorCallAs } from '../../testing/typed-call.js';
import { SHORT_TIMING, startGameDayServer } from '../../testing/game-day.js';

/* The console's read of chases: everyone's or one user's, each period with its state, for the roles that read users. */


let server: ClockedServer;
let token: string;
beforeAll(async () => {
  ({ server, token } = await startGameDayServer());
});
afterAll(async () => server.close());

const chasesAs = (operator: string, body: Record<string, unknown> = {}) =>
  operatorCallAs(server, operator, OPERATOR_CALLS.chases, body as never);

describe('admin/api/chases', () => {
  it("lists chases newest first with whose they are and each period's state; filters by user, project and running", async () => {
    await saveTestProject(server, token, { id: 'op-chase', name: 'Operator chase' });
    const ada = await userWithBalance(server, token, '100.00');
    const bob = await userWithBalance(server, token, '100.00');
    const open = await openPeriodWithNext(server, ada, 'op-chase');
    const first = periodAt(SHORT_TIMING, 'UTC', open.drawsAt);
    const selections = [{ option: 'big', quantity: 1 }];
    const adaChase = await startChaseAs(server, ada, { projectId: 'op-chase', startPeriodNo: first.periodNo, periods: 3, selections, stopOnWin: false });
    expect(adaChase.status, JSON.stringify(adaChase.body)).toBe(200);
    const bobChase = await startChaseAs(server, bob, { projectId: 'op-chase', startPeriodNo: first.periodNo, periods: 2, selections, stopOnWin: true });
    expect(bobChase.status).toBe(200);
    await clockTo(server, ada, 'op-chase', first.opensAt);
    expect((await cancelChaseAs(server, bob, bobChase.body.data.chaseNo)).status).toBe(200);

    const all = await chasesAs(token, {});
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBe(2);
    const adaSeen = all.body.data.items.find((chase) => chase.chaseNo === adaChase.body.data.chaseNo)!;
    expect(adaSeen).toMatchObject({ userId: ada.id, username: ada.username, projectId: 'op-chase', totalAmount: '3.00', running: true });
    // The operator reads exactly what the user reads, plus whose chase it is.
    const { userId: _userId, username: _username, ...asUserReadsIt } = adaSeen;
    expect(asUserReadsIt).toEqual(await chaseOf(server, ada, adaChase.body.data.chaseNo));
    expect(adaSeen.periods.map((period) => period.state)).toEqual(['placed', 'waiting', 'waiting']);

    const byUser = await chasesAs(token, { userId: bob.id });
    expect(byUser.body.data.items.map((chase) => [chase.username, chase.periods.map((period) => period.state)])).toEqual([[bob.username, ['placed', 'cancelled']]]);
    expect((await chasesAs(token, { username: ada.username.toUpperCase() })).body.data.items.map((chase) => chase.userId)).toEqual([ada.id]);
    expect((await chasesAs(token, { projectId: 'nope' })).body.data.total).toBe(0);
    expect((await chasesAs(token, { running: true })).body.data.total).toBe(2);
    expect((await chasesAs(token, { running: false })).body.data.total).toBe(0);
    const paged = await chasesAs(token, { page: 2, pageSize: 1 });
    expect(paged.body.data).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.body.data.items).toHaveLength(1);
  });

  it.each<[OperatorRole, number]>([
    ['finance', 200],
    ['support', 200],
    ['content', 403],
  ])('answers %s with %i', async (role, status) => {
    const operator = await operatorWithRole(server, token, role);
    const response = await chasesAs(operator.token, {});
    if (status === 200) expect(response.status).toBe(200);
    else expectRefusal(response, 403, 'ROLE_FORBIDDEN');
  });

  it('refuses a page size over 50 and unknown fields', async () => {
    expectRefusal(await chasesAs(token, { pageSize: 51 }), 400, 'VALIDATION');
    expectRefusal(await chasesAs(token, { owner: 'x' }), 400, 'VALIDATION');
  });
});
