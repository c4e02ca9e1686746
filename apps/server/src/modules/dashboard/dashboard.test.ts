import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_CALLS, localDateOf } from '@wallet/contract';
import { manualClock, registerUser, startClockedServer, type ClockedServer } from '../../testing/accounts.js';
import { fund, requestRecharge, review, startWithOpenChannel, withdraw } from '../../testing/money.js';
import { errorOf, expectRefusal, operatorCallAs } from '../../testing/typed-call.js';

/*
 * PRODUCT §9 dashboard: per day in the configured time zone, what came in,
 * went out, was ordered and paid out, new and active users; and the queues now.
 */

const HOUR = 60 * 60 * 1000;
const TIME_ZONE = 'Asia/Shanghai';
// 20:00 in Shanghai on 2026-03-10: four hours before the local day ends (noon UTC).
const START = Date.UTC(2026, 2, 10, 12, 0, 0);

let server: ClockedServer;
let admin: string;

beforeAll(async () => {
  ({ server, token: admin } = await startWithOpenChannel(() => startClockedServer({ TIME_ZONE: TIME_ZONE }, manualClock(START))));
});
afterAll(() => server.close());

const figures = (from: string, to: string) => operatorCallAs(server, admin, OPERATOR_CALLS.dashboard, { from, to });

describe('the dashboard', () => {
  it('puts each movement on its local day and sums the range', async () => {
    const user = await registerUser(server);
    const credited = await fund(server, admin, user, '300.00');
    // Five hours later it is the next day in Shanghai, still the same day in UTC.
    server.clock.advance(5 * HOUR);
    const withdrawal = await withdraw(server, user, '100.00');
    expect(withdrawal.status, JSON.stringify(withdrawal.body)).toBe(200);
    expect((await review(server, admin, 'withdrawals', withdrawal.body.data.orderNo, true)).status).toBe(200);
    expect(localDateOf(server.clock.now(), TIME_ZONE)).toBe('2026-03-11');

    const answer = await figures('2026-03-09', '2026-03-11');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { days, total, timeZone } = answer.body.data;
    expect(timeZone).toBe(TIME_ZONE);
    expect(days.map((d) => d.date)).toEqual(['2026-03-09', '2026-03-10', '2026-03-11']);
    expect(days[0]).toMatchObject({ recharged: '0.00', newUsers: 0, activeUsers: 0 });
    expect(days[1]).toMatchObject({ recharged: credited.payAmount, withdrawn: '0.00', newUsers: 1, activeUsers: 1 });
    expect(days[2]).toMatchObject({ recharged: '0.00', withdrawn: '100.00', fees: withdrawal.body.data.fee, newUsers: 0, activeUsers: 1 });
    // One person active on two days is one active user over the range.
    expect(total).toMatchObject({ recharged: credited.payAmount, withdrawn: '100.00', newUsers: 1, activeUsers: 1, ordered: '0.00', houseResult: '0.00' });
  });

  it('shows the queues now: how many wait and since when', async () => {
    const user = await registerUser(server);
    const waiting = await requestRecharge(server, user, '50.00');
    const queued = await figures('2026-03-11', '2026-03-11');
    expect(queued.body.data.queues.recharges).toEqual({ count: 1, oldestAt: waiting.body.data.createdAt });
    expect(queued.body.data.queues.withdrawals).toEqual({ count: 0, oldestAt: null });
  });

  it('refuses a range that ends before it starts, one longer than a year and a day, and dates that do not exist', async () => {
    const backwards = await figures('2026-03-11', '2026-03-10');
    expectRefusal(backwards, 400, 'VALIDATION');
    expect(errorOf(backwards).fields).toEqual({ to: 'The end must come after the start.' });
    const tooLong = await figures('2025-03-10', '2026-03-11');
    expect(errorOf(tooLong).fields).toEqual({ to: 'Choose at most 366 days.' });
    expect((await figures('2025-03-11', '2026-03-11')).status).toBe(200);
    expect(Object.keys(errorOf(await figures('2026-02-30', '2026-03-01')).fields!)).toEqual(['from']);
  });

  it('is for finance and admins only', async () => {
    const saved = await operatorCallAs(server, admin, OPERATOR_CALLS.saveOperator, { username: 'supportdash', password: 'support-password-1', role: 'support' });
    expect(saved.status).toBe(200);
    const login = await operatorCallAs(server, undefined, OPERATOR_CALLS.login, { username: 'supportdash', password: 'support-password-1' });
    expectRefusal(await operatorCallAs(server, login.body.data.token, OPERATOR_CALLS.dashboard, { from: '2026-03-10', to: '2026-03-10' }), 403, 'ROLE_FORBIDDEN');
  });
});
