import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CALLS, PERMANENT_EXCLUSION_UNTIL, selfExclusionEnd } from '@wallet/contract';
import { periodAt } from '@wallet/contract/game';
import { operatorToken, type ClockedServer, type RegisteredUser } from '../../testing/accounts.js';
import { chaseOf, openPeriodWithNext, startChaseAs } from '../../testing/chases.js';
import { saveTestProject } from '../../testing/game.js';
import { SHORT_TIMING, startGameDayServer } from '../../testing/game-day.js';
import { assetsOf, openTestChannel, requestRecharge, verifyLedger, withdraw } from '../../testing/money.js';
import { statementItemsOf, userWithBalance } from '../../testing/money-load.js';
import { limitsOf } from '../../testing/protection.js';
import { callAs, errorOf, expectRefusal, reasonOf } from '../../testing/typed-call.js';

/*
 * Time-outs and self-exclusion (PRODUCT §12): while one runs, recharges,
 * orders and chases are refused and waiting chases come back at once, exactly
 * once; sign-in, records and withdrawals still work; nothing the user sends
 * shortens it.
 */

let server: ClockedServer;
let token: string;
const PROJECT = 'breaks-10s';
beforeAll(async () => {
  ({ server, token } = await startGameDayServer());
  await openTestChannel(server, token);
  await saveTestProject(server, token, { id: PROJECT, name: 'Breaks' });
});
afterAll(async () => server.close());
beforeEach(async () => {
  token = await operatorToken(server);
});

const DAY = 86_400_000;

const timeout = (user: RegisteredUser, days: 1 | 7 | 30 | 42) => callAs(server, user, CALLS.takeTimeout, { days });
const selfExclude = (user: RegisteredUser, months: 0 | 6 | 12 | 60, password = user.password) => callAs(server, user, CALLS.selfExclude, { months, password });

async function nextPeriodNo(user: RegisteredUser) {
  const open = await openPeriodWithNext(server, user, PROJECT);
  return { open, next: periodAt(SHORT_TIMING, 'UTC', open.drawsAt) };
}

const chase = (user: RegisteredUser, startPeriodNo: string, periods = 3) =>
  startChaseAs(server, user, { projectId: PROJECT, startPeriodNo, periods, selections: [{ option: 'big', quantity: 2 }], stopOnWin: false });

async function expectLedgerClean() {
  expect((await verifyLedger(server, token)).problems).toEqual([]);
}

describe('a time-out', () => {
  it('refuses recharges, orders and chases; keeps sign-in, records and withdrawals; ends on time', async () => {
    const user = await userWithBalance(server, token, '300.00');
    const startedAt = server.clock.now();
    const taken = await timeout(user, 1);
    expect(taken.status).toBe(200);
    expect(taken.body.data.timeoutUntil).toBe(startedAt + DAY);

    const { open, next } = await nextPeriodNo(user);
    const refusals = [
      await requestRecharge(server, user, '50.00'),
      await callAs(server, user, CALLS.placeOrder, { projectId: PROJECT, periodNo: open.periodNo, selections: [{ option: 'big', quantity: 1 }], requestId: randomUUID() }),
      await chase(user, next.periodNo),
    ];
    for (const refused of refusals) {
      expectRefusal(refused, 403, 'SELF_EXCLUDED');
      expect(errorOf(refused)).toMatchObject({ until: startedAt + DAY, permanent: false });
    }

    const signIn = await callAs(server, null, CALLS.signIn, { username: user.username, password: user.password }, { ip: user.ip });
    expect(signIn.status, JSON.stringify(signIn.body)).toBe(200);
    const again = { ...user, token: signIn.body.data.token };
    for (const [call, body] of [
      [CALLS.userAssets, {}],
      [CALLS.userStatement, {}],
      [CALLS.rechargeList, {}],
      [CALLS.withdrawalList, {}],
      [CALLS.orderList, {}],
      [CALLS.chaseList, {}],
      [CALLS.userMessages, {}],
      [CALLS.playerLimits, {}],
      [CALLS.userInfo, {}],
    ] as const) {
      const answer = await callAs(server, again, call as typeof CALLS.userAssets, body);
      expect(answer.status, `${call.path} ${JSON.stringify(answer.body)}`).toBe(200);
    }
    const withdrawal = await withdraw(server, again, '100.00');
    expect(withdrawal.status, JSON.stringify(withdrawal.body)).toBe(200);

    server.clock.advance(DAY);
    expect((await limitsOf(server, again)).timeoutUntil).toBeNull();
    expect((await requestRecharge(server, again, '50.00')).status).toBe(200);
  });

  it('is never shortened: a shorter one keeps the longer end, a longer one extends it', async () => {
    const user = await userWithBalance(server, token, '0');
    const now = server.clock.now();
    expect((await timeout(user, 7)).body.data.timeoutUntil).toBe(now + 7 * DAY);
    expect((await timeout(user, 1)).body.data.timeoutUntil).toBe(now + 7 * DAY);
    expect((await timeout(user, 30)).body.data.timeoutUntil).toBe(now + 30 * DAY);
    expectRefusal(await callAs(server, user, CALLS.takeTimeout, { days: 2 as 1 }), 400, 'VALIDATION');
  });
});

describe('self-exclusion', () => {
  it('needs the login password, runs for the months chosen, and a shorter one later keeps it', async () => {
    const user = await userWithBalance(server, token, '0');
    const wrong = await selfExclude(user, 6, 'not-the-password');
    expectRefusal(wrong, 400, 'VALIDATION');
    expect(errorOf(wrong).fields).toHaveProperty('password');
    expect((await limitsOf(server, user)).selfExcludedUntil).toBeNull();

    const now = server.clock.now();
    const excluded = await selfExclude(user, 12);
    expect(excluded.status).toBe(200);
    expect(excluded.body.data).toMatchObject({ selfExcludedUntil: selfExclusionEnd(now, 12), selfExcludedPermanent: false });
    expect((await selfExclude(user, 6)).body.data.selfExcludedUntil).toBe(selfExclusionEnd(now, 12));
    expectRefusal(await requestRecharge(server, user, '20.00'), 403, 'SELF_EXCLUDED');
  });

  it('for good: permanent, and nothing after it shortens it', async () => {
    const user = await userWithBalance(server, token, '0');
    const forGood = await selfExclude(user, 0);
    expect(forGood.body.data).toMatchObject({ selfExcludedUntil: PERMANENT_EXCLUSION_UNTIL, selfExcludedPermanent: true });
    expect((await selfExclude(user, 6)).body.data.selfExcludedPermanent).toBe(true);
    expect((await timeout(user, 1)).body.data.selfExcludedPermanent).toBe(true);
    const refused = await requestRecharge(server, user, '20.00');
    expect(errorOf(refused)).toMatchObject({ reason: 'SELF_EXCLUDED', permanent: true });
  });
});

describe('waiting chases', () => {
  it('are cancelled and refunded at once, exactly once, with a message', async () => {
    const user = await userWithBalance(server, token, '100.00');
    const { next } = await nextPeriodNo(user);
    const started = await chase(user, next.periodNo, 4);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect((await assetsOf(server, user)).balance).toBe('92.00');

    expect((await selfExclude(user, 6)).status).toBe(200);
    expect((await timeout(user, 7)).status).toBe(200);
    expect((await assetsOf(server, user)).balance).toBe('100.00');
    const ended = await chaseOf(server, user, started.body.data.chaseNo);
    expect(ended.periods.map((period) => [period.state, period.reason])).toEqual(Array.from({ length: 4 }, () => ['cancelled', 'SELF_EXCLUDED']));
    const returns = (await statementItemsOf(server, user)).filter((item) => item.kind === 'chase_returned');
    expect(returns).toHaveLength(4);
    const messages = await callAs(server, user, CALLS.userMessages, {});
    expect(messages.body.data.items.filter((message) => message.kind === 'chase_finished')).toHaveLength(1);
    await expectLedgerClean();
  });

  it('a chase started while a time-out is taken is refused or cancelled, never left waiting', async () => {
    const user = await userWithBalance(server, token, '100.00');
    const { next } = await nextPeriodNo(user);
    const [taken, ...chases] = await Promise.all([timeout(user, 1), ...Array.from({ length: 8 }, () => chase(user, next.periodNo, 2))]);
    expect(taken.status).toBe(200);
    for (const answer of chases) {
      if (answer.status === 200) {
        const kept = await chaseOf(server, user, answer.body.data.chaseNo);
        expect(kept.periods.every((period) => period.state === 'cancelled')).toBe(true);
      } else {
        expect(reasonOf(answer)).toBe('SELF_EXCLUDED');
      }
    }
    expect((await assetsOf(server, user)).balance).toBe('100.00');
    await expectLedgerClean();
  });
});
