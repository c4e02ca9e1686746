import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, ENGLISH_MESSAGES, MESSAGE_CATALOGUES, OPERATOR_CALLS, fillTemplate, formatMoney } from '@wallet/contract';
import { periodAt } from '@wallet/contract/game';
import { registerUser, type ClockedServer, type RegisteredUser } from '../../testing/accounts.js';
import { cancelChaseAs, chaseOf, clockTo, openPeriodWithNext, startChaseAs } from '../../testing/chases.js';
import { saveTestProject } from '../../testing/game.js';
import { FIRST_CHANNEL_ID, openTestChannel, requestRecharge, review, withdraw } from '../../testing/money.js';
import { adjust, centsOf, userWithBalance } from '../../testing/money-load.js';
import { call, callAs, errorOf, expectRefusal, operatorCallAs } from '../../testing/typed-call.js';
import { SHORT_TIMING, startGameDayServer } from '../../testing/game-day.js';

/*
 * Messages (PRODUCT §12) as a user reads them: each one written with the
 * change it reports and never without it, worded in the reader's language at
 * read time, paged newest first, with an unread count, read one by one or all
 * at once, and only ever the user's own.
 */

const SECOND = 1000;
const INBOX = ENGLISH_MESSAGES.inbox;

let server: ClockedServer;
let token: string;
beforeAll(async () => {
  ({ server, token } = await startGameDayServer());
  await openTestChannel(server, token);
});
afterAll(async () => server.close());

type Message = Awaited<ReturnType<typeof messagesOf>>['items'][number];

async function messagesOf(user: RegisteredUser, page = 1, pageSize = 50, lang = 'en') {
  const response = await callAs(server, user, CALLS.userMessages, { page, pageSize }, { lang });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
}

/** The user's messages of one kind, newest first. */
async function ofKind(user: RegisteredUser, kind: Message['kind']) {
  return (await messagesOf(user)).items.filter((message) => message.kind === kind);
}

const body = (key: keyof typeof INBOX, values: Record<string, string | number>) => fillTemplate(INBOX[key], values);
const note = (text: string) => `\n${fillTemplate(INBOX.NOTE, { note: text })}`;

let projects = 0;
async function newProject() {
  projects += 1;
  const id = `msg-${projects}`;
  await saveTestProject(server, token, { id, name: `Messages ${projects}` });
  return { id, name: `Messages ${projects}` };
}
const nextOf = (period: { drawsAt: number }) => periodAt(SHORT_TIMING, 'UTC', period.drawsAt);

describe('a recharge decided', () => {
  it('approved: one message with what was credited, unread; worded in the language of whoever reads it', async () => {
    const user = await registerUser(server);
    const recharge = await requestRecharge(server, user, '50.00');
    expect(recharge.status, JSON.stringify(recharge.body)).toBe(200);
    const { orderNo, payAmount } = recharge.body.data;
    expect(await messagesOf(user)).toMatchObject({ items: [], total: 0, unread: 0 });

    expect((await review(server, token, 'recharges', orderNo, true)).status).toBe(200);
    const inbox = await messagesOf(user);
    expect(inbox).toMatchObject({ total: 1, unread: 1, page: 1, pageSize: 50 });
    expect(inbox.items).toEqual([
      {
        id: expect.any(Number),
        kind: 'recharge_approved',
        title: INBOX.RECHARGE_APPROVED_TITLE,
        body: body('RECHARGE_APPROVED_BODY', { orderNo, amount: payAmount }),
        ref: orderNo,
        createdAt: server.clock.now(),
        read: false,
      },
    ]);

    const chinese = await MESSAGE_CATALOGUES['zh-CN']();
    const [inChinese] = (await messagesOf(user, 1, 50, 'zh-CN')).items;
    expect(inChinese).toMatchObject({ title: chinese.inbox.RECHARGE_APPROVED_TITLE, body: fillTemplate(chinese.inbox.RECHARGE_APPROVED_BODY, { orderNo, amount: payAmount }) });

    // Reviewed again: refused, rolled back, and no second message.
    expectRefusal(await review(server, token, 'recharges', orderNo, false, 'Second look'), 409, 'ALREADY_REVIEWED');
    expect((await messagesOf(user)).total).toBe(1);
  });

  it("refused: the message carries the operator's remark", async () => {
    const user = await registerUser(server);
    const { orderNo, payAmount } = (await requestRecharge(server, user, '20.00', { channelId: FIRST_CHANNEL_ID })).body.data;
    expect((await review(server, token, 'recharges', orderNo, false, 'No payment arrived')).status).toBe(200);
    expect(await ofKind(user, 'recharge_refused')).toEqual([
      expect.objectContaining({ title: INBOX.RECHARGE_REFUSED_TITLE, body: body('RECHARGE_REFUSED_BODY', { orderNo, amount: payAmount }) + note('No payment arrived'), ref: orderNo }),
    ]);
  });
});

describe('a withdrawal decided', () => {
  it('completed with its fee, or refused and returned; a second review writes nothing', async () => {
    const user = await userWithBalance(server, token, '100.00');
    const paid = await withdraw(server, user, '30.00');
    const refused = await withdraw(server, user, '20.00');
    expect([paid.status, refused.status], JSON.stringify([paid.body, refused.body])).toEqual([200, 200]);
    expect((await review(server, token, 'withdrawals', paid.body.data.orderNo, true)).status).toBe(200);
    expect((await review(server, token, 'withdrawals', refused.body.data.orderNo, false, 'Card name differs')).status).toBe(200);
    expectRefusal(await review(server, token, 'withdrawals', refused.body.data.orderNo, true), 409, 'ALREADY_REVIEWED');

    expect(await ofKind(user, 'withdrawal_completed')).toEqual([
      expect.objectContaining({
        title: INBOX.WITHDRAWAL_COMPLETED_TITLE,
        body: body('WITHDRAWAL_COMPLETED_BODY', { orderNo: paid.body.data.orderNo, amount: '30.00', fee: paid.body.data.fee }),
        ref: paid.body.data.orderNo,
      }),
    ]);
    expect(await ofKind(user, 'withdrawal_refused')).toEqual([
      expect.objectContaining({
        title: INBOX.WITHDRAWAL_REFUSED_TITLE,
        body: body('WITHDRAWAL_REFUSED_BODY', { orderNo: refused.body.data.orderNo, amount: '20.00' }) + note('Card name differs'),
      }),
    ]);
  });
});

describe('an adjustment', () => {
  it('of the balance or of credit points, with its reason; one only proposed (four eyes) writes nothing', async () => {
    const user = await userWithBalance(server, token, '0');
    const userId = (await operatorCallAs(server, token, OPERATOR_CALLS.users, { q: user.username })).body.data.items[0]!.id;
    expect((await adjust(server, token, { userId, account: 'available', amount: '12.50', reason: 'Goodwill' })).status).toBe(200);
    expect((await adjust(server, token, { userId, account: 'available', amount: '-2.00', reason: 'Correction' })).status).toBe(200);
    expect((await adjust(server, token, { userId, account: 'coin', amount: '5', reason: 'Bonus points' })).status).toBe(200);
    const proposed = await adjust(server, token, { userId, account: 'available', amount: '5000.00', reason: 'Large' });
    expect(proposed.body.data.status).toBe('proposed');

    const adjustments = await ofKind(user, 'adjustment');
    expect(adjustments.map((message) => [message.title, message.body])).toEqual([
      [INBOX.ADJUSTMENT_TITLE, body('ADJUSTMENT_POINTS_BODY', { amount: '+5' }) + note('Bonus points')],
      [INBOX.ADJUSTMENT_TITLE, body('ADJUSTMENT_BALANCE_BODY', { amount: '-2.00' }) + note('Correction')],
      [INBOX.ADJUSTMENT_TITLE, body('ADJUSTMENT_BALANCE_BODY', { amount: '+12.50' }) + note('Goodwill')],
    ]);
    expect(adjustments.every((message) => /^A\d+/.test(message.ref ?? ''))).toBe(true);
  });
});

describe("a period's result", () => {
  it('is one message per user and period, with the net result, written with the draw', async () => {
    const project = await newProject();
    const [winner, other] = await Promise.all([userWithBalance(server, token, '100.00'), userWithBalance(server, token, '100.00')]);
    const open = await openPeriodWithNext(server, winner, project.id);
    const order = (user: RegisteredUser, selections: { option: string; quantity: number }[]) =>
      callAs(server, user, CALLS.placeOrder, { projectId: project.id, periodNo: open.periodNo, selections, requestId: randomUUID() });
    // Big and small together: exactly one of them wins unless a triple comes.
    expect((await order(winner, [{ option: 'big', quantity: 2 }, { option: 'small', quantity: 2 }])).status).toBe(200);
    expect((await order(winner, [{ option: 'odd', quantity: 1 }])).status).toBe(200);
    expect((await order(other, [{ option: 'sum-4', quantity: 3 }])).status).toBe(200);
    expect(await ofKind(winner, 'order_result')).toEqual([]);

    const drawn = await clockTo(server, winner, project.id, open.drawsAt);
    const history = await callAs(server, winner, CALLS.gameHistory, { projectId: project.id, page: 1, pageSize: 5 });
    const dice = history.body.data.items.find((item) => item.periodNo === open.periodNo)!.dice!;
    expect(drawn.periodNo).not.toBe(open.periodNo);
    const orders = (await callAs(server, winner, CALLS.orderList, { page: 1, pageSize: 20 })).body.data.items;
    const payout = orders.reduce((sum, item) => sum + centsOf(item.payout ?? '0.00'), 0);
    const net = formatMoney(payout - 5_00);

    const [result, ...more] = await ofKind(winner, 'order_result');
    expect(more).toEqual([]);
    expect(result).toMatchObject({
      title: fillTemplate(INBOX.ORDER_RESULT_TITLE, { periodNo: open.periodNo }),
      body: body('ORDER_RESULT_BODY', { project: project.name, dice: dice.join(' · '), amount: '5.00', payout: formatMoney(payout), net: net.startsWith('-') ? net : `+${net}` }),
      ref: `${project.id}/${open.periodNo}`,
      read: false,
    });
    expect(await ofKind(other, 'order_result')).toHaveLength(1);
  });
});

describe('a chase', () => {
  it('that ran all its periods, that stopped on a win, and that was cancelled: one message each, when its last period ends', async () => {
    const project = await newProject();
    const user = await userWithBalance(server, token, '100.00');
    const open = await openPeriodWithNext(server, user, project.id);
    const start = (fields: { periods: number; stopOnWin: boolean; selections: { option: string; quantity: number }[] }) =>
      startChaseAs(server, user, { projectId: project.id, startPeriodNo: open.periodNo, ...fields });
    const runs = await start({ periods: 2, stopOnWin: false, selections: [{ option: 'odd', quantity: 1 }] });
    const stops = await start({ periods: 3, stopOnWin: true, selections: ['big', 'small', 'any-triple'].map((option) => ({ option, quantity: 1 })) });
    const cancels = await start({ periods: 3, stopOnWin: false, selections: [{ option: 'even', quantity: 1 }] });
    expect([runs.status, stops.status, cancels.status]).toEqual([200, 200, 200]);
    expect((await cancelChaseAs(server, user, cancels.body.data.chaseNo)).status).toBe(200);
    // Cancelled, but its first period is placed: the chase ends only with that draw.
    expect(await ofKind(user, 'chase_finished')).toEqual([]);

    await clockTo(server, user, project.id, open.drawsAt);
    const afterFirstDraw = await ofKind(user, 'chase_finished');
    expect(afterFirstDraw.map((message) => message.ref).sort()).toEqual([stops.body.data.chaseNo, cancels.body.data.chaseNo].sort());
    const stopped = await chaseOf(server, user, stops.body.data.chaseNo);
    expect(afterFirstDraw.find((message) => message.ref === stops.body.data.chaseNo)).toMatchObject({
      title: INBOX.CHASE_STOPPED_TITLE,
      body: body('CHASE_STOPPED_BODY', { project: project.name, payout: stopped.payout, returned: '6.00' }),
    });
    const cancelled = await chaseOf(server, user, cancels.body.data.chaseNo);
    expect(afterFirstDraw.find((message) => message.ref === cancels.body.data.chaseNo)).toMatchObject({
      title: INBOX.CHASE_CANCELLED_TITLE,
      body: body('CHASE_CANCELLED_BODY', { project: project.name, payout: cancelled.payout, returned: '2.00' }),
    });

    await clockTo(server, user, project.id, nextOf(open).drawsAt);
    const completed = await chaseOf(server, user, runs.body.data.chaseNo);
    expect(completed.running).toBe(false);
    const finished = await ofKind(user, 'chase_finished');
    expect(finished).toHaveLength(3);
    expect(finished[0]).toMatchObject({
      ref: runs.body.data.chaseNo,
      title: INBOX.CHASE_COMPLETED_TITLE,
      body: body('CHASE_COMPLETED_BODY', { project: project.name, periods: 2, payout: completed.payout, returned: '0.00' }),
    });
    // A round later nothing is told twice.
    await clockTo(server, user, project.id, nextOf(nextOf(open)).drawsAt);
    expect(await ofKind(user, 'chase_finished')).toHaveLength(3);
  });
});

describe('a feedback reply', () => {
  it('is a message with the reply; a reply to no feedback writes nothing', async () => {
    const user = await registerUser(server);
    const sent = await callAs(server, user, CALLS.submitFeedback, { email: 'me@example.com', content: 'The recharge page should show the fee first.' });
    expect(sent.status).toBe(200);
    const replied = await operatorCallAs(server, token, OPERATOR_CALLS.replyFeedback, { id: sent.body.data.id, reply: 'Thank you, we will.' });
    expect(replied.status).toBe(200);
    expectRefusal(await operatorCallAs(server, token, OPERATOR_CALLS.replyFeedback, { id: randomUUID(), reply: 'Lost' }), 404, 'NOT_FOUND');
    expect(await messagesOf(user)).toMatchObject({
      total: 1,
      items: [{ kind: 'feedback_reply', title: INBOX.FEEDBACK_REPLY_TITLE, body: body('FEEDBACK_REPLY_BODY', { reply: 'Thank you, we will.' }), ref: sent.body.data.id }],
    });
  });
});

describe('reading messages', () => {
  async function userWithMessages(count: number) {
    const user = await userWithBalance(server, token, '1.00');
    const userId = (await operatorCallAs(server, token, OPERATOR_CALLS.users, { q: user.username })).body.data.items[0]!.id;
    for (let i = 1; i < count; i += 1) {
      server.clock.advance(SECOND);
      expect((await adjust(server, token, { userId, account: 'coin', amount: String(i), reason: `Points ${i}` })).status).toBe(200);
    }
    return user;
  }

  it('pages newest first, counting every message and the unread ones', async () => {
    const user = await userWithMessages(5);
    const first = await messagesOf(user, 1, 2);
    const second = await messagesOf(user, 2, 2);
    const third = await messagesOf(user, 3, 2);
    expect([first.total, first.unread, first.page, first.pageSize]).toEqual([5, 5, 1, 2]);
    const all = [...first.items, ...second.items, ...third.items];
    expect(all).toHaveLength(5);
    expect(all.map((message) => message.createdAt)).toEqual([...all.map((message) => message.createdAt)].sort((a, b) => b - a));
    expect(new Set(all.map((message) => message.id)).size).toBe(5);
    expect(all.at(-1)!.body).toContain('Opening balance');
  });

  it('marks one read, then all; another user can neither read nor mark them', async () => {
    const user = await userWithMessages(3);
    const stranger = await registerUser(server);
    const [newest, middle] = (await messagesOf(user)).items;

    expectRefusal(await callAs(server, stranger, CALLS.readUserMessages, { id: middle!.id }), 404, 'NOT_FOUND');
    expect((await messagesOf(stranger)).items).toEqual([]);
    expect((await messagesOf(user)).unread).toBe(3);

    const one = await callAs(server, user, CALLS.readUserMessages, { id: middle!.id });
    expect(one.body).toEqual({ code: 200, mess: 'Success', data: { unread: 2 } });
    // Marking it again changes nothing.
    expect((await callAs(server, user, CALLS.readUserMessages, { id: middle!.id })).body.data).toEqual({ unread: 2 });
    const after = await messagesOf(user);
    expect(after.items.map((message) => message.read)).toEqual([false, true, false]);
    expect(after.items[0]!.id).toBe(newest!.id);
    expectRefusal(await callAs(server, user, CALLS.readUserMessages, { id: 999_999_999 }), 404, 'NOT_FOUND');

    expect((await callAs(server, user, CALLS.readUserMessages, {})).body.data).toEqual({ unread: 0 });
    expect((await messagesOf(user)).items.every((message) => message.read)).toBe(true);
    // The stranger's own messages are untouched by anyone else's "read all".
    const strangerRecharge = await requestRecharge(server, stranger, '10.00');
    expect((await review(server, token, 'recharges', strangerRecharge.body.data.orderNo, true)).status).toBe(200);
    expect((await callAs(server, user, CALLS.readUserMessages, {})).body.data).toEqual({ unread: 0 });
    expect((await messagesOf(stranger)).unread).toBe(1);
  });

  it('answers bad input with the envelope and a reason, and needs a session', async () => {
    const user = await registerUser(server);
    for (const fields of [{ id: 0 }, { id: 'one' }, { id: 1.5 }, { extra: true }]) {
      const response = await call(server, CALLS.readUserMessages.path, fields, { token: user.token });
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(response.body).toMatchObject({ code: 400, mess: ENGLISH_MESSAGES.reason.VALIDATION, data: { reason: 'VALIDATION' } });
    }
    const tooBig = await call(server, CALLS.userMessages.path, { page: 1, pageSize: 51 }, { token: user.token });
    expect(tooBig.status).toBe(400);
    expect(Object.keys(errorOf(tooBig).fields ?? {})).toEqual(['pageSize']);
    expectRefusal(await call(server, CALLS.userMessages.path, { page: 1, pageSize: 10 }), 401, 'SESSION_REQUIRED');
  });
});
