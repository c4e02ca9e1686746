import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, LIVE_EVENT_SCHEMAS, OPERATOR_CALLS, formatMoney } from '@wallet/contract';
import { manualClock, operatorToken, registerUser, startClockedServer, type ClockedServer, type RegisteredUser } from '../../testing/accounts.js';
import { EVENTS_TICKET, dataOf, openLiveStream, ticketFor, type LiveStream, type StreamMessage } from '../../testing/live-events.js';
import { assetsOf, openTestChannel, requestRecharge, review } from '../../testing/money.js';
import { centsOf, userWithBalance } from '../../testing/money-load.js';
import { startTestServer } from '../../testing/test-server.js';
import { callAs, expectRefusal, operatorCallAs } from '../../testing/typed-call.js';

/*
 * Live results (PRODUCT §6): a ticket opens one stream; the stream carries
 * the periods, the user's own settlements and balance movements as the
 * records show them, resumes from the last event id without a gap, and ends
 * when the server closes.
 */

const SECOND = 1000;
const PROJECT = 'fast3-1m';

let server: ClockedServer;
let token: string;
const open: LiveStream[] = [];
beforeAll(async () => {
  const start = Math.floor(Date.now() / 60_000) * 60_000 + 20 * SECOND;
  server = await startClockedServer({ TIME_ZONE: 'UTC' }, manualClock(start));
  token = await operatorToken(server);
  await openTestChannel(server, token);
});
afterAll(async () => {
  for (const stream of open) stream.close();
  await server.close();
});

type User = Awaited<ReturnType<typeof userWithBalance>>;

async function streamOf(user: { token: string }, resume: { header?: string; query?: string } = {}): Promise<LiveStream> {
  const stream = await openLiveStream(server, await ticketFor(server, user), resume);
  open.push(stream);
  expect(stream.status, JSON.stringify(stream.refusal)).toBe(200);
  return stream;
}

const isEvent = (type: string, match: (data: Record<string, unknown>) => boolean = () => true) => (message: StreamMessage) =>
  message.event === type && match(dataOf(message));

const periodNow = async (user: User) => (await callAs(server, user, CALLS.gamePeriod, { projectId: PROJECT })).body.data;

async function approvedRecharge(user: RegisteredUser, amount: string): Promise<string> {
  const recharge = await requestRecharge(server, user, amount);
  expect(recharge.status, JSON.stringify(recharge.body)).toBe(200);
  expect((await review(server, token, 'recharges', recharge.body.data.orderNo, true)).status).toBe(200);
  return recharge.body.data.orderNo;
}

describe('a live-results stream', () => {
  it('is text/event-stream, starts with the current event id, and tells of a recharge approved with the balance after it', async () => {
    const user = await userWithBalance(server, token, '0');
    const stream = await streamOf(user);
    expect(stream.contentType).toMatch(/^text\/event-stream/);
    const start = await stream.waitFor((message) => message.id !== undefined);
    expect(start.event).toBeUndefined();

    const orderNo = await approvedRecharge(user, '50.00');
    const event = await stream.waitFor(isEvent('balance', (data) => data['reference'] === orderNo));
    const data = LIVE_EVENT_SCHEMAS.balance.parse(dataOf(event));
    const assets = await assetsOf(server, user);
    expect(data).toEqual({ cause: 'recharge_approved', reference: orderNo, balance: assets.balance, freeze: assets.freeze, coin: assets.coin });
    expect(Number(event.id)).toBeGreaterThan(Number(start.id));
  });

  it("carries the draw and the user's own settled orders with the payout and balance the records show", async () => {
    const user = await userWithBalance(server, token, '100.00');
    const other = await userWithBalance(server, token, '100.00');
    const stream = await streamOf(user);
    const current = await periodNow(user);
    server.clock.advance((current.status === 'upcoming' ? current.opensAt : current.drawsAt) - server.clock.now());
    const period = await periodNow(user);
    expect(period.status).toBe('open');
    const selections = [
      { option: 'big', quantity: 3 },
      { option: 'small', quantity: 2 },
      { option: 'sum-10', quantity: 1 },
    ];
    for (const who of [user, other]) {
      const placed = await callAs(server, who, CALLS.placeOrder, { projectId: PROJECT, periodNo: period.periodNo, selections, requestId: randomUUID() });
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    }

    server.clock.advance(period.locksAt - server.clock.now());
    await periodNow(user);
    const locked = await stream.waitFor(isEvent('period', (data) => data['periodNo'] === period.periodNo && data['status'] === 'locked'));
    expect(LIVE_EVENT_SCHEMAS.period.parse(dataOf(locked))).toMatchObject({ projectId: PROJECT, locksAt: period.locksAt, drawsAt: period.drawsAt, dice: null });

    server.clock.advance(period.drawsAt - server.clock.now());
    const drawn = (await periodNow(user)).recent[0]!;
    expect(drawn.periodNo).toBe(period.periodNo);
    const drawnEvent = await stream.waitFor(isEvent('period', (data) => data['periodNo'] === period.periodNo && data['status'] === 'drawn'));
    expect(dataOf(drawnEvent)['dice']).toEqual(drawn.dice);

    const settled = LIVE_EVENT_SCHEMAS.settled.parse(dataOf(await stream.waitFor(isEvent('settled', (data) => data['periodNo'] === period.periodNo))));
    const records = (await callAs(server, user, CALLS.orderList, { page: 1, pageSize: 20 })).body.data.items.filter((record) => record.periodNo === period.periodNo);
    expect(records).toHaveLength(3);
    expect(settled.orders.map((order) => order.orderNo).sort()).toEqual(records.map((record) => record.orderNo).sort());
    for (const record of records) {
      const order = settled.orders.find((item) => item.orderNo === record.orderNo)!;
      expect(order).toEqual({ orderNo: record.orderNo, amount: record.amount, payout: record.payout, profit: record.profit });
    }
    const payout = records.reduce((sum, record) => sum + centsOf(record.payout!), 0);
    expect(settled.payout).toBe(formatMoney(payout));
    expect(settled.profit).toBe(formatMoney(payout - 600));
    const assets = await assetsOf(server, user);
    expect({ balance: settled.balance, coin: settled.coin, dice: settled.dice }).toEqual({ balance: assets.balance, coin: assets.coin, dice: drawn.dice });
    // Only the user's own orders: the other user's settlement is not on this stream.
    expect(stream.messages.filter(isEvent('settled'))).toHaveLength(1);
  });

  it('tells every stream of a notice published, once', async () => {
    const [one, two] = [await registerUser(server), await registerUser(server)];
    const streams = [await streamOf(one), await streamOf(two)];
    const saved = await operatorCallAs(server, token, OPERATOR_CALLS.saveContent, { kind: 'notice', title: 'Live notice', content: '<p>Now.</p>' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const id = saved.body.data.id;
    for (const stream of streams) expect(LIVE_EVENT_SCHEMAS.notice.parse(dataOf(await stream.waitFor(isEvent('notice', (data) => data['id'] === id))))).toMatchObject({ id });
    expect((await operatorCallAs(server, token, OPERATOR_CALLS.saveContent, { id, kind: 'notice', title: 'Live notice, changed', content: '<p>Now.</p>' })).status).toBe(200);
    // The change is not news: a stream resumed after the notice hears of the next recharge, and of no notice.
    const resumed = await streamOf(one, { header: streams[0]!.lastEventId()! });
    const orderNo = await approvedRecharge(one, '10.00');
    await resumed.waitFor(isEvent('balance', (data) => data['reference'] === orderNo));
    expect(resumed.messages.filter(isEvent('notice'))).toHaveLength(0);
  });

  it('resumes from Last-Event-ID with every event missed meanwhile, in order, and says when that is too far back', async () => {
    const user = await userWithBalance(server, token, '0');
    const first = await streamOf(user);
    await first.waitFor((message) => message.id !== undefined);
    const before = await approvedRecharge(user, '10.00');
    await first.waitFor(isEvent('balance', (data) => data['reference'] === before));
    const lastSeen = first.lastEventId()!;
    first.close();

    const missed = [await approvedRecharge(user, '20.00'), await approvedRecharge(user, '30.00')];
    const resumed = await streamOf(user, { header: lastSeen });
    await resumed.waitFor(isEvent('balance', (data) => data['reference'] === missed[1]));
    const balances = resumed.messages.filter(isEvent('balance'));
    expect(balances.map((message) => dataOf(message)['reference'])).toEqual(missed);
    const ids = resumed.messages.map((message) => Number(message.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids[0]).toBeGreaterThan(Number(lastSeen));

    // A new EventSource cannot set the header: the same in the query.
    const again = await streamOf(user, { query: lastSeen });
    await again.waitFor(isEvent('balance', (data) => data['reference'] === missed[1]));
    expect(again.messages.filter(isEvent('balance')).map((message) => dataOf(message)['reference'])).toEqual(missed);

    const unknown = await streamOf(user, { header: String(Number(resumed.lastEventId()) + 1_000_000) });
    expect((await unknown.waitFor((message) => message.event !== undefined)).event).toBe('reset');
  });

  it('opens with a ticket only once, and not after its minute', async () => {
    const user = await registerUser(server);
    const ticket = await ticketFor(server, user);
    const first = await openLiveStream(server, ticket);
    open.push(first);
    expect(first.status).toBe(200);
    const second = await openLiveStream(server, ticket);
    expect(second.status).toBe(403);
    expect(second.refusal).toMatchObject({ code: 403, data: { reason: 'EVENTS_TICKET_INVALID' } });

    const late = await ticketFor(server, user);
    server.clock.advance(61 * SECOND);
    expect((await openLiveStream(server, late)).refusal?.data.reason).toBe('EVENTS_TICKET_INVALID');
    expect((await openLiveStream(server, 'no-such-ticket')).refusal?.data.reason).toBe('EVENTS_TICKET_INVALID');
  });

  it('is not given to a signed-out user', async () => {
    const user = await registerUser(server);
    expectRefusal(await callAs(server, null, EVENTS_TICKET, {}), 401, 'SESSION_REQUIRED');
    const ticket = await ticketFor(server, user);
    expect((await callAs(server, user, CALLS.logOut, {})).status).toBe(200);
    const refused = await openLiveStream(server, ticket);
    expect(refused.status).toBe(401);
    expect(refused.refusal?.data.reason).toBe('SESSION_INVALID');
  });
});

describe('closing the server', () => {
  it('counts the open streams, and ends them at once, so it need not wait out the grace period', async () => {
    const metricsToken = 'live-events-metrics-token';
    const closing = await startTestServer({ METRICS_TOKEN: metricsToken });
    try {
      const user = await registerUser(closing);
      const stream = await openLiveStream(closing, await ticketFor(closing, user));
      await stream.waitFor((message) => message.id !== undefined);
      const metrics = await (await fetch(`${closing.baseUrl}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text();
      expect(metrics).toMatch(/^live_event_streams 1$/m);
      closing.beginShutdown();
      const closed = closing.app.close();
      const outcome = await Promise.race([stream.ended.then(() => 'ended'), new Promise((resolve) => setTimeout(() => resolve('still open'), 5_000))]);
      expect(outcome).toBe('ended');
      await closed;
    } finally {
      await closing.database.destroy();
      fs.rmSync(closing.config.dataDir, { recursive: true, force: true });
    }
  });
});
