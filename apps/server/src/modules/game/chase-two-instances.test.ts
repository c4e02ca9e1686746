import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { CALLS, formatMoney } from '@wallet/contract';
import { chasesWhenEnded } from '../../testing/chases.js';
import { operatorToken } from '../../testing/accounts.js';
import { saveTestProject, waitForOpenPeriod } from '../../testing/game.js';
import { assetsOf, verifyLedger } from '../../testing/money.js';
import { centsOf, userWithBalance } from '../../testing/money-load.js';
import { sharedDataForProcesses, startServerProcess } from '../../testing/server-process.js';
import { onPostgres } from '../../testing/test-database.js';
import type { TestServer } from '../../testing/test-server.js';
import { callAs } from '../../testing/typed-call.js';

/*
 * Two server processes on one database, both running the scheduler: every
 * chased period is placed once, whichever instance took the chase and
 * whichever placed it, and settled once.
 */

const PROJECT = 'chase-two';
const USERS = 6;
const shared = sharedDataForProcesses();

// Several instances share a PostgreSQL database (README); an SQLite file belongs to one process.
it.runIf(onPostgres)('place each chased period once and settle it once', async () => {
  shared.running.push(await startServerProcess(shared.data), await startServerProcess(shared.data));
  const [a, b] = shared.running.map((instance) => instance.server) as [TestServer, TestServer];
  const token = await operatorToken(a);
  await saveTestProject(a, token, { id: PROJECT, name: 'Chase two instances' });
  const users = await Promise.all(Array.from({ length: USERS }, () => userWithBalance(a, token, '50.00')));
  const period = await waitForOpenPeriod(b, users[0]!, PROJECT, 4000);

  const chaseNos = await Promise.all(
    users.map(async (user, index) => {
      const answer = await callAs(index % 2 === 0 ? a : b, user, CALLS.startChase, {
        projectId: PROJECT,
        startPeriodNo: period.periodNo,
        periods: 3,
        selections: [
          { option: 'big', quantity: 1 },
          { option: 'small', quantity: 1 },
        ],
        stopOnWin: false,
        requestId: randomUUID(),
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.data.balance).toBe('44.00');
      return answer.body.data.chaseNo;
    }),
  );

  const chases = await chasesWhenEnded(users, chaseNos, (index) => (index % 2 === 0 ? b : a));

  for (const [index, chase] of chases.entries()) {
    expect(chase.running, chase.chaseNo).toBe(false);
    expect(chase.periods.map((p) => [['won', 'lost'].includes(p.state), p.orderNos.length])).toEqual([
      [true, 2],
      [true, 2],
      [true, 2],
    ]);
    const orders = (await callAs(a, users[index]!, CALLS.orderList, { page: 1, pageSize: 20 })).body.data.items;
    expect(orders.map((o) => o.orderNo).sort()).toEqual(chase.periods.flatMap((p) => p.orderNos).sort());
    const won = orders.reduce((total, o) => total + centsOf(o.payout!), 0);
    expect(chase.payout).toBe(formatMoney(won));
    expect((await assetsOf(b, users[index]!)).balance).toBe(formatMoney(44_00 + won));
  }
  expect((await verifyLedger(b, await operatorToken(b))).problems).toEqual([]);
}, 120_000);
