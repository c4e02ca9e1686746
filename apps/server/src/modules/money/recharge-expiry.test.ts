import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { CALLS, OPERATOR_CALLS, formatMoney } from '@wallet/contract';
import { operatorToken, registerUser, startClockedServer, type ClockedServer, type RegisteredUser } from '../../testing/accounts.js';
import { TEST_CHANNEL, assetsOf, openTestChannel, requestRecharge, review, verifyLedger, startWithOpenChannel } from '../../testing/money.js';
import { openData, sharedDataForProcesses, startServerProcess, stopServerProcess } from '../../testing/server-process.js';
import { callAs, expectRefusal, operatorCallAs, reasonOf } from '../../testing/typed-call.js';
import { times } from '../../testing/parallel.js';
import { RANDOM_DECIMAL_PENDING_LIMIT } from './pending-slots.js';

/*
 * A recharge on a random-decimal channel that nobody reviews within the
 * configured hours (24 by default) expires: the user sees it as expired, its
 * extra tenth and the user's slot are free again, and no money moves.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let server: ClockedServer;
beforeAll(async () => {
  ({ server } = await startWithOpenChannel(startClockedServer));
});

/** Operator sessions end while the clock jumps a day: each step signs in anew. */
const freshOperator = () => operatorToken(server);
afterAll(async () => server.close());

const statusOf = async (user: RegisteredUser, orderNo: string) => (await callAs(server, user, CALLS.rechargeDetail, { orderNo })).body.data.status;

describe('a random-decimal recharge left under review', () => {
  it('expires after 24 hours: listed as expired, its extra tenth free for others, no money moved', async () => {
    const holders = await times(9, () => registerUser(server));
    const held = await times(9, (i) => requestRecharge(server, holders[i]!, '88.00'));
    expect(held.every((answer) => answer.status === 200)).toBe(true);
    const latecomer = await registerUser(server);
    expectRefusal(await requestRecharge(server, latecomer, '88.00'), 422, 'RECHARGE_AMOUNT_BUSY');

    server.clock.advance(24 * HOUR - MINUTE);
    expectRefusal(await requestRecharge(server, latecomer, '88.00'), 422, 'RECHARGE_AMOUNT_BUSY');
    expect(await statusOf(holders[0]!, held[0]!.body.data.orderNo)).toBe('review');

    server.clock.advance(2 * MINUTE);
    const freed = await requestRecharge(server, latecomer, '88.00');
    expect(freed.status).toBe(200);
    expect(held.map((answer) => answer.body.data.payAmount)).toContain(freed.body.data.payAmount);

    const holder = holders[0]!;
    const orderNo = held[0]!.body.data.orderNo;
    expect(await statusOf(holder, orderNo)).toBe('expired');
    const expiredTab = await callAs(server, holder, CALLS.rechargeList, { page: 1, pageSize: 20, status: 'expired' });
    expect(expiredTab.body.data.items.map((item) => item.orderNo)).toEqual([orderNo]);
    expect((await callAs(server, holder, CALLS.rechargeList, { page: 1, pageSize: 20, status: 'review' })).body.data.total).toBe(0);
    expect((await assetsOf(server, holder)).balance).toBe('0.00');

    // Expired is final: the operator cannot approve it any more.
    const token = await freshOperator();
    expectRefusal(await review(server, token, 'recharges', orderNo, true), 409, 'ALREADY_REVIEWED');
    const queue = await operatorCallAs(server, token, OPERATOR_CALLS.recharges, { status: 'expired', q: holder.username, page: 1, pageSize: 20 });
    expect(queue.body.data.items.map((item) => item.orderNo)).toEqual([orderNo]);
    expect((await verifyLedger(server, token)).problems).toEqual([]);
  });

  it("gives the user's slots back", async () => {
    const user = await registerUser(server);
    const held = await times(RANDOM_DECIMAL_PENDING_LIMIT, (i) => requestRecharge(server, user, formatMoney(200_00 + i * 100)));
    expect(held.every((answer) => answer.status === 200)).toBe(true);
    expectRefusal(await requestRecharge(server, user, '299.00'), 422, 'RECHARGE_PENDING_LIMIT');

    server.clock.advance(24 * HOUR + MINUTE);
    const again = await times(RANDOM_DECIMAL_PENDING_LIMIT + 1, (i) => requestRecharge(server, user, formatMoney(300_00 + i * 100)));
    expect(again.map(reasonOf).sort()).toEqual([...Array(RANDOM_DECIMAL_PENDING_LIMIT).fill(undefined), 'RECHARGE_PENDING_LIMIT'].sort());
    expect((await verifyLedger(server, await freshOperator())).problems).toEqual([]);
  });

  it("follows the operator's setting, and never expires a recharge on a channel without random decimal", async () => {
    const plain = { ...TEST_CHANNEL, id: 'plain-bank', name: 'Plain bank', randomDecimal: false };
    const saved = await operatorCallAs(server, await freshOperator(), OPERATOR_CALLS.saveSettings, { rechargeExpiryHours: 2, rechargeChannels: [TEST_CHANNEL, plain] });
    expect(saved.status).toBe(200);
    expect(saved.body.data.rechargeExpiryHours).toBe(2);

    const user = await registerUser(server);
    const random = await requestRecharge(server, user, '50.00');
    const fixed = await requestRecharge(server, user, '50.00', { channelId: plain.id });
    expect([random.status, fixed.status]).toEqual([200, 200]);

    server.clock.advance(2 * HOUR + MINUTE);
    expect(await statusOf(user, random.body.data.orderNo)).toBe('expired');
    expect(await statusOf(user, fixed.body.data.orderNo)).toBe('review');
    server.clock.advance(20 * 24 * HOUR);
    expect(await statusOf(user, fixed.body.data.orderNo)).toBe('review');
  });
});

describe('two server processes on one database', () => {
  const shared = sharedDataForProcesses();

  it('expire each overdue recharge once, whichever gets there first', async () => {
    const first = await startServerProcess(shared.data);
    shared.running.push(first);
    const operator = await operatorToken(first.server);
    await openTestChannel(first.server, operator);
    expect((await operatorCallAs(first.server, operator, OPERATOR_CALLS.saveSettings, { rechargeExpiryHours: 1 })).status).toBe(200);
    const users = await times(4, () => registerUser(first.server));
    const held = await times(4 * RANDOM_DECIMAL_PENDING_LIMIT, (i) => requestRecharge(first.server, users[i % 4]!, formatMoney(1_000_00 + i * 100)));
    expect(held.every((answer) => answer.status === 200)).toBe(true);
    await stopServerProcess(first, 'SIGTERM');

    // Two hours pass while no server runs.
    const database = openData(shared.data);
    await sql`update recharges set created_at = created_at - ${2 * HOUR}`.execute(database.db);
    await database.close();

    // Both start at once, each expiring what is overdue, and both are asked at once.
    const running = await Promise.all([startServerProcess(shared.data), startServerProcess(shared.data)]);
    shared.running.push(...running);
    const lists = await times(20, (i) => callAs(running[i % 2]!.server, users[i % 4]!, CALLS.rechargeList, { page: 1, pageSize: 20 }));
    for (const list of lists) expect(list.body.data.items.every((item) => item.status === 'expired')).toBe(true);

    // Each user has exactly the five slots back: neither released twice (the counter's CHECK >= 0 is the second guard) nor kept.
    for (const [index, user] of users.entries()) {
      const again = await times(RANDOM_DECIMAL_PENDING_LIMIT + 1, (i) => requestRecharge(running[i % 2]!.server, user, formatMoney(2_000_00 + index * 1_000 + i * 100)));
      expect(again.filter((answer) => answer.status === 200)).toHaveLength(RANDOM_DECIMAL_PENDING_LIMIT);
    }
    const report = await verifyLedger(running[1]!.server, await operatorToken(running[1]!.server));
    expect(report.problems).toEqual([]);
  }, 90_000);
});
