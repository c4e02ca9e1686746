import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_EVENT_SCHEMAS, OPERATOR_CALLS } from '@wallet/contract';
import { periodAt } from '@wallet/contract/game';
import { registerUser, type ClockedServer } from '../../testing/accounts.js';
import { cancelChaseAs, clockTo, openPeriodWithNext, startChaseAs } from '../../testing/chases.js';
import { saveTestProject } from '../../testing/game.js';
import { dataOf, openLiveStream, ticketFor, type LiveStream, type StreamMessage } from '../../testing/live-events.js';
import { assetsOf } from '../../testing/money.js';
import { userWithBalance } from '../../testing/money-load.js';
import { operatorCallAs } from '../../testing/typed-call.js';
import { SHORT_TIMING, startGameDayServer } from '../../testing/game-day.js';

/*
 * Live results (PRODUCT §6) of what a chase gives back and of notices
 * published for later: a chase's cancel, its stop on a win and a skipped
 * period each tell the user's streams the balance after the return; a notice
 * is announced when it becomes visible, not when it is saved.
 */

const SECOND = 1000;

let server: ClockedServer;
let token: string;
const open: LiveStream[] = [];
beforeAll(async () => {
  ({ server, token } = await startGameDayServer());
});
afterAll(async () => {
  for (const stream of open) stream.close();
  await server.close();
});

let projects = 0;
async function newProject(fields: Parameters<typeof saveTestProject>[2] = {}) {
  projects += 1;
  const id = `live-chase-${projects}`;
  await saveTestProject(server, token, { id, name: `Live chase ${projects}`, ...fields });
  return id;
}

async function streamOf(user: { token: string }): Promise<LiveStream> {
  const stream = await openLiveStream(server, await ticketFor(server, user));
  open.push(stream);
  expect(stream.status, JSON.stringify(stream.refusal)).toBe(200);
  await stream.waitFor((message) => message.id !== undefined);
  return stream;
}

const returnedFrom = (chaseNo: string) => (message: StreamMessage) =>
  message.event === 'balance' && dataOf(message)['cause'] === 'chase_returned' && dataOf(message)['reference'] === chaseNo;
const nextOf = (period: { drawsAt: number }) => periodAt(SHORT_TIMING, 'UTC', period.drawsAt);

/** The event's balance is the user's money as user/assets reads it now. */
async function expectBalanceOfAssets(message: StreamMessage, user: Awaited<ReturnType<typeof userWithBalance>>) {
  const data = LIVE_EVENT_SCHEMAS.balance.parse(dataOf(message));
  const assets = await assetsOf(server, user);
  expect({ balance: data.balance, freeze: data.freeze, coin: data.coin }).toEqual({ balance: assets.balance, freeze: assets.freeze, coin: assets.coin });
  return data;
}

describe('a chase giving amounts back', () => {
  it('tells the balance after a cancel, once', async () => {
    const projectId = await newProject();
    const user = await userWithBalance(server, token, '20.00');
    const current = await openPeriodWithNext(server, user, projectId);
    const started = await startChaseAs(server, user, { projectId, startPeriodNo: current.periodNo, periods: 5, selections: [{ option: 'odd', quantity: 1 }], stopOnWin: false });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const stream = await streamOf(user);

    const cancelled = await cancelChaseAs(server, user, started.body.data.chaseNo);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const event = await stream.waitFor(returnedFrom(started.body.data.chaseNo));
    expect((await expectBalanceOfAssets(event, user)).balance).toBe('19.00');
    expect(stream.messages.filter(returnedFrom(started.body.data.chaseNo))).toHaveLength(1);
  });

  it('tells the balance after a win stops the chase, with the payout and the return in it', async () => {
    const projectId = await newProject();
    const user = await userWithBalance(server, token, '50.00');
    const current = await openPeriodWithNext(server, user, projectId);
    // Big, small and any triple: one of them wins every throw.
    const selections = ['big', 'small', 'any-triple'].map((option) => ({ option, quantity: 1 }));
    const started = await startChaseAs(server, user, { projectId, startPeriodNo: current.periodNo, periods: 4, selections, stopOnWin: true });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const stream = await streamOf(user);

    await clockTo(server, user, projectId, current.drawsAt);
    const event = await stream.waitFor(returnedFrom(started.body.data.chaseNo));
    const settled = await stream.waitFor((message) => message.event === 'settled' && dataOf(message)['periodNo'] === current.periodNo);
    // Both written in the draw's transaction: the settled event and the return show the same balance.
    const data = await expectBalanceOfAssets(event, user);
    expect(LIVE_EVENT_SCHEMAS.settled.parse(dataOf(settled)).balance).toBe(data.balance);
  });

  it('tells the balance after a period the exposure limit refuses is skipped', async () => {
    const projectId = await newProject({ exposureLimit: '10.00' });
    const user = await userWithBalance(server, token, '20.00');
    const current = await openPeriodWithNext(server, user, projectId);
    const started = await startChaseAs(server, user, { projectId, startPeriodNo: current.periodNo, periods: 2, selections: [{ option: 'big', quantity: 5 }], stopOnWin: false });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const stream = await streamOf(user);

    await saveTestProject(server, token, { id: projectId, name: 'Live chase limited', exposureLimit: '5.00' });
    await clockTo(server, user, projectId, current.drawsAt);
    await clockTo(server, user, projectId, nextOf(current).opensAt);
    const event = await stream.waitFor(returnedFrom(started.body.data.chaseNo));
    await expectBalanceOfAssets(event, user);
  });
});

describe('a notice published for later', () => {
  it('is announced when it becomes visible, not when it is saved', async () => {
    const user = await registerUser(server);
    const stream = await streamOf(user);
    const saveNotice = async (title: string, publishAt: number) => {
      const saved = await operatorCallAs(server, token, OPERATOR_CALLS.saveContent, { kind: 'notice', title, content: '<p>Later.</p>', publishAt });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      return saved.body.data.id;
    };
    const noticeOf = (id: string) => (message: StreamMessage) => message.event === 'notice' && dataOf(message)['id'] === id;
    const soonAt = server.clock.now() + 10 * SECOND;
    const laterAt = server.clock.now() + 60 * SECOND;
    const soon = await saveNotice('Soon', soonAt);
    const later = await saveNotice('Later', laterAt);

    // The round that announces the first at its time has looked at the second too, and left it.
    server.clock.advance(soonAt - server.clock.now());
    const first = await stream.waitFor(noticeOf(soon));
    expect(LIVE_EVENT_SCHEMAS.notice.parse(dataOf(first))).toEqual({ id: soon, publishAt: soonAt });
    expect(stream.messages.some(noticeOf(later))).toBe(false);

    server.clock.advance(laterAt - server.clock.now());
    const second = await stream.waitFor(noticeOf(later));
    expect(LIVE_EVENT_SCHEMAS.notice.parse(dataOf(second))).toEqual({ id: later, publishAt: laterAt });
    expect(Number(second.id)).toBeGreaterThan(Number(first.id));
    expect(stream.messages.filter((message) => message.event === 'notice' && [soon, later].includes(String(dataOf(message)['id'])))).toHaveLength(2);
  });
});
