import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_CALLS, exportPath, type ExportKind } from '@wallet/contract';
import { manualClock, registerUser, startClockedServer, type ClockedServer } from '../../testing/accounts.js';
import { fund, startWithOpenChannel } from '../../testing/money.js';
import { userIdOf } from '../../testing/money-load.js';
import { operatorCallAs } from '../../testing/typed-call.js';

/*
 * One day, wherever it is counted: the dashboard, the exports' days and the
 * times the exports write all cut days at the configured zone's midnight.
 */

const TIME_ZONE = 'Asia/Shanghai';
// 23:59:59 on 2026-03-11 in Shanghai; a second later it is 2026-03-12 there, and still 2026-03-11 in UTC.
const BEFORE_MIDNIGHT = Date.UTC(2026, 2, 11, 15, 59, 59);

let server: ClockedServer;
let admin: string;
beforeAll(async () => {
  ({ server, token: admin } = await startWithOpenChannel(() => startClockedServer({ TIME_ZONE }, manualClock(BEFORE_MIDNIGHT))));
});
afterAll(() => server.close());

async function csvRows(kind: ExportKind, query: Record<string, string>) {
  const response = await fetch(`${server.baseUrl}${exportPath(kind)}?${new URLSearchParams(query).toString()}`, { headers: { authorization: `Bearer ${admin}` } });
  expect(response.status).toBe(200);
  const [header, ...rows] = (await response.text()).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
  const names = header!.split(',');
  return rows.map((row) => Object.fromEntries(row.split(',').map((cell, i) => [names[i], cell])));
}

describe('a movement next to midnight in the configured time zone', () => {
  it('lands on the same day in the dashboard, in the exports of that day, and in the times the exports write', async () => {
    const user = await registerUser(server);
    const userId = await userIdOf(server, admin, user);
    const late = await fund(server, admin, user, '100.00');
    server.clock.advance(1000);
    const early = await fund(server, admin, user, '50.00');

    const dashboard = (await operatorCallAs(server, admin, OPERATOR_CALLS.dashboard, { from: '2026-03-11', to: '2026-03-12' })).body.data;
    expect(dashboard.days.map((day) => [day.date, day.recharged])).toEqual([
      ['2026-03-11', late.payAmount],
      ['2026-03-12', early.payAmount],
    ]);

    for (const [date, recharge, time] of [
      ['2026-03-11', late, '2026-03-11T23:59:59.000+08:00'],
      ['2026-03-12', early, '2026-03-12T00:00:00.000+08:00'],
    ] as const) {
      const day = { from: date, to: date };
      const recharges = await csvRows('recharges', day);
      expect(recharges.map((row) => [row['order_no'], row['pay_amount'], row['created_at'], row['reviewed_at']])).toEqual([[recharge.orderNo, recharge.payAmount, time, time]]);
      const statement = await csvRows('statement', { ...day, userId });
      expect(statement.map((row) => [row['reference'], row['amount'], row['created_at']])).toEqual([[recharge.orderNo, recharge.payAmount, time]]);
      const reviews = await csvRows('audit', { ...day, action: 'recharges/review' });
      expect(reviews.map((row) => row['created_at'])).toEqual([time]);
      expect((await operatorCallAs(server, admin, OPERATOR_CALLS.audit, { ...day, action: 'recharges/review', page: 1, pageSize: 10 })).body.data.total).toBe(1);
    }
  });
});
