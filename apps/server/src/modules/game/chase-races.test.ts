import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatMoney } from '@wallet/contract';
import { periodAt } from '@wallet/contract/game';
import { type ClockedServer } from '../../testing/accounts.js';
import { cancelChaseAs, chaseOf, clockTo, openPeriodWithNext, ordersOf, periodNow, startChaseAs } from '../../testing/chases.js';
import { saveTestProject } from '../../testing/game.js';
import { assetsOf, verifyLedger } from '../../testing/money.js';
import { centsOf, userWithBalance } from '../../testing/money-load.js';
import { SHORT_TIMING, startGameDayServer } from '../../testing/game-day.js';

/*
 * Cancels sent at the very moment the scheduler places the chased periods
 * (on PostgreSQL truly at once): each period ends either placed, with its
 * orders, or cancelled and returned, never both, never neither.
 */

const USERS = 24;
const ROUNDS = 3;

let server: ClockedServer;
let token: string;
beforeAll(async () => {
  ({ server, token } = await startGameDayServer(10));
});
afterAll(async () => server.close());

it('places or returns each period exactly once when cancels race the placement', async () => {
  const projectId = (await saveTestProject(server, token, { id: 'chase-race', name: 'Chase race' })).id;
  const users = await Promise.all(Array.from({ length: USERS }, () => userWithBalance(server, token, '100.00')));
  const selections = [
    { option: 'big', quantity: 1 },
    { option: 'small', quantity: 1 },
  ];
  const outcomes = { placedFirst: 0, cancelledAll: 0 };
  const balances = new Map(users.map((user) => [user.id, 100_00]));

  for (let round = 0; round < ROUNDS; round += 1) {
    const open = await openPeriodWithNext(server, users[0]!, projectId);
    const next = periodAt(SHORT_TIMING, 'UTC', open.drawsAt);
    const chaseNos = await Promise.all(
      users.map(async (user) => {
        const answer = await startChaseAs(server, user, { projectId, startPeriodNo: next.periodNo, periods: 3, selections, stopOnWin: false });
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        balances.set(user.id, balances.get(user.id)! - 6_00);
        return answer.body.data.chaseNo;
      }),
    );

    // The clock reaches the opening: the scheduler's round (started by the timer, and by the read) places while the cancels arrive.
    server.clock.advance(next.opensAt - server.clock.now());
    const [cancels] = await Promise.all([
      Promise.all(users.map((user, index) => cancelChaseAs(server, user, chaseNos[index]!))),
      periodNow(server, users[0]!, projectId),
    ]);

    for (const [index, user] of users.entries()) {
      const answer = cancels[index]!;
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const chase = await chaseOf(server, user, chaseNos[index]!);
      const cancelled = answer.body.data.cancelledPeriodNos;
      balances.set(user.id, balances.get(user.id)! + cancelled.length * 2_00);
      expect(answer.body.data.balance).toBe(formatMoney(balances.get(user.id)!));
      if (cancelled.length === 3) {
        outcomes.cancelledAll += 1;
        expect(chase.periods.map((p) => [p.state, p.orderNos.length])).toEqual([
          ['cancelled', 0],
          ['cancelled', 0],
          ['cancelled', 0],
        ]);
      } else {
        outcomes.placedFirst += 1;
        expect(cancelled).toHaveLength(2);
        expect(chase.periods.map((p) => [p.state, p.orderNos.length])).toEqual([
          ['placed', 2],
          ['cancelled', 0],
          ['cancelled', 0],
        ]);
      }
    }
    const report = await verifyLedger(server, token);
    expect(report.problems).toEqual([]);

    await clockTo(server, users[0]!, projectId, next.drawsAt);
    for (const [index, user] of users.entries()) {
      const chase = await chaseOf(server, user, chaseNos[index]!);
      if (chase.periods[0]!.state !== 'cancelled') {
        expect(['won', 'lost']).toContain(chase.periods[0]!.state);
        balances.set(user.id, balances.get(user.id)! + centsOf(chase.periods[0]!.payout!));
      }
    }
  }

  for (const user of users) {
    expect((await assetsOf(server, user)).balance).toBe(formatMoney(balances.get(user.id)!));
    const chased = (await ordersOf(server, user)).length;
    expect(chased % 2).toBe(0);
  }
  expect(outcomes.placedFirst + outcomes.cancelledAll).toBe(USERS * ROUNDS);
  expect((await verifyLedger(server, token)).problems).toEqual([]);
}, 120_000);
