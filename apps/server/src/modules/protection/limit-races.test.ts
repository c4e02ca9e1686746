import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS } from '@wallet/contract';
import { operatorToken, registerUser, startClockedServer, type ClockedServer, type RegisteredUser } from '../../testing/accounts.js';
import { openPeriodWithNext } from '../../testing/chases.js';
import { saveTestProject, waitForOpenPeriod } from '../../testing/game.js';
import { PLAIN_CHANNEL, openPlainChannel, verifyLedger } from '../../testing/money.js';
import { userWithBalance } from '../../testing/money-load.js';
import { limitsOf, saveLimitAs, setLimit } from '../../testing/protection.js';
import { sharedDataForProcesses, startServerProcess } from '../../testing/server-process.js';
import { onPostgres } from '../../testing/test-database.js';
import type { TestServer } from '../../testing/test-server.js';
import { callAs } from '../../testing/typed-call.js';
import { tally, times } from '../../testing/parallel.js';

/*
 * Limits are exact under parallel calls (PRODUCT §12): the check and the
 * write it allows are one step under the user's protection lock, so however
 * many requests arrive together, exactly what fits is accepted, on one
 * instance or two.
 */

let server: ClockedServer;
let token: string;
const PROJECT = 'limit-races';
beforeAll(async () => {
  server = await startClockedServer();
  token = await operatorToken(server);
  await openPlainChannel(server, token);
  await saveTestProject(server, token, { id: PROJECT, name: 'Limit races' });
});
afterAll(async () => server.close());

const recharge = (on: TestServer, user: RegisteredUser, amount: string) =>
  callAs(on, user, CALLS.createRecharge, { channelId: PLAIN_CHANNEL.id, amount, requestId: randomUUID() });

describe('at once', () => {
  it('20 recharges of 20.00 against a daily deposit limit of 100.00: exactly 5', async () => {
    const user = await registerUser(server);
    await setLimit(server, user, { kind: 'deposit', period: 'day', amount: '100.00' });
    const answers = await times(20, () => recharge(server, user, '20.00'));
    expect(tally(answers)).toEqual({ OK: 5, '422 DEPOSIT_LIMIT': 15 });
    expect((await limitsOf(server, user)).used.deposit.day).toBe('100.00');
  });

  it('30 orders of 3.00 against a loss limit of 50.00: exactly the 16 that fit', async () => {
    const user = await userWithBalance(server, token, '500.00');
    await setLimit(server, user, { kind: 'loss', period: 'day', amount: '50.00' });
    const open = await openPeriodWithNext(server, user, PROJECT);
    const answers = await times(30, (index) =>
      callAs(server, user, CALLS.placeOrder, { projectId: PROJECT, periodNo: open.periodNo, selections: [{ option: index % 2 ? 'big' : 'small', quantity: 3 }], requestId: randomUUID() }),
    );
    expect(tally(answers)).toEqual({ OK: 16, '422 LOSS_LIMIT': 14 });
    expect((await limitsOf(server, user)).used.loss.day).toBe('48.00');
    expect((await verifyLedger(server, token)).problems).toEqual([]);
  });

  it('a raise saved while recharges race does not apply before its 24 hours', async () => {
    const user = await registerUser(server);
    await setLimit(server, user, { kind: 'deposit', period: 'day', amount: '100.00' });
    const [raise, ...answers] = await Promise.all([
      saveLimitAs(server, user, { kind: 'deposit', period: 'day', amount: '1000.00' }),
      ...Array.from({ length: 20 }, () => recharge(server, user, '20.00')),
    ]);
    expect(raise.status).toBe(200);
    expect(tally(answers)).toEqual({ OK: 5, '422 DEPOSIT_LIMIT': 15 });
    const limits = await limitsOf(server, user);
    expect(limits.deposit.day).toBe('100.00');
    expect(limits.pending).toMatchObject([{ kind: 'deposit', period: 'day', amount: '1000.00' }]);
  });
});

const shared = sharedDataForProcesses();

// Several instances share a PostgreSQL database (README); an SQLite file belongs to one process.
it.runIf(onPostgres)('two instances: recharges and orders split between them still take exactly what fits', async () => {
  shared.running.push(await startServerProcess(shared.data), await startServerProcess(shared.data));
  const [a, b] = shared.running.map((instance) => instance.server) as [TestServer, TestServer];
  const operator = await operatorToken(a);
  await openPlainChannel(a, operator);
  await saveTestProject(a, operator, { id: 'limit-races-two', name: 'Limit races, two instances' });
  const user = await userWithBalance(a, operator, '500.00');
  await setLimit(a, user, { kind: 'deposit', period: 'day', amount: '100.00' });
  await setLimit(b, user, { kind: 'loss', period: 'day', amount: '50.00' });

  const recharges = await times(20, (index) => recharge(index % 2 ? a : b, user, '20.00'));
  expect(tally(recharges)).toEqual({ OK: 5, '422 DEPOSIT_LIMIT': 15 });

  const period = await waitForOpenPeriod(b, user, 'limit-races-two', 4000);
  const orders = await times(30, (index) =>
    callAs(index % 2 ? a : b, user, CALLS.placeOrder, { projectId: 'limit-races-two', periodNo: period.periodNo, selections: [{ option: 'big', quantity: 3 }], requestId: randomUUID() }),
  );
  expect(tally(orders)).toEqual({ OK: 16, '422 LOSS_LIMIT': 14 });
  expect((await verifyLedger(a, operator)).problems).toEqual([]);
});
