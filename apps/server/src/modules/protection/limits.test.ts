import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS } from '@wallet/contract';
import { registerUser, startClockedServer, type ClockedServer } from '../../testing/accounts.js';
import { FIRST_CHANNEL_ID, startWithOpenChannel } from '../../testing/money.js';
import { limitsOf, saveLimitAs, setLimit } from '../../testing/protection.js';
import { callAs, errorOf, expectRefusal } from '../../testing/typed-call.js';

let server: ClockedServer;
beforeAll(async () => {
  ({ server } = await startWithOpenChannel(() => startClockedServer()));
});
afterAll(async () => server.close());

const HOUR = 3_600_000;

describe('deposit limits', () => {
  it('a new limit applies at once and refuses the recharge that would pass it, naming what is left', async () => {
    const user = await registerUser(server);
    expect((await limitsOf(server, user)).deposit).toEqual({ day: null, week: null, month: null });
    const saved = await setLimit(server, user, { kind: 'deposit', period: 'day', amount: '150.00' });
    expect(saved.deposit.day).toBe('150.00');
    const first = await callAs(server, user, CALLS.createRecharge, { channelId: FIRST_CHANNEL_ID, amount: '100.00', requestId: randomUUID() });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await callAs(server, user, CALLS.createRecharge, { channelId: FIRST_CHANNEL_ID, amount: '60.00', requestId: randomUUID() });
    expectRefusal(second, 422, 'DEPOSIT_LIMIT');
    expect(errorOf(second).limit).toEqual({ kind: 'deposit', period: 'day', amount: '150.00', remaining: '50.00' });
    expect((await limitsOf(server, user)).used.deposit.day).toBe('100.00');
    server.clock.advance(24 * HOUR);
    const later = await callAs(server, user, CALLS.createRecharge, { channelId: FIRST_CHANNEL_ID, amount: '60.00', requestId: randomUUID() });
    expect(later.status, JSON.stringify(later.body)).toBe(200);
  });

  it('a higher limit waits 24 hours, and saving the one in force cancels it', async () => {
    const user = await registerUser(server);
    await setLimit(server, user, { kind: 'deposit', period: 'week', amount: '100.00' });
    const raised = await setLimit(server, user, { kind: 'deposit', period: 'week', amount: '500.00' });
    expect(raised.deposit.week).toBe('100.00');
    expect(raised.pending).toEqual([{ kind: 'deposit', period: 'week', amount: '500.00', effectiveAt: server.clock.now() + 24 * HOUR }]);
    const kept = await setLimit(server, user, { kind: 'deposit', period: 'week', amount: '100.00' });
    expect(kept.pending).toEqual([]);
    const bad = await saveLimitAs(server, user, { kind: 'deposit', amount: '1.00' } as never);
    expectRefusal(bad, 400, 'VALIDATION');
  });
});
