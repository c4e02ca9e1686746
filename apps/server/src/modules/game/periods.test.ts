import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS } from '@wallet/contract';
import { checkPeriod } from '@wallet/contract/game';
import { manualClock, registerUser, startClockedServer, type ClockedServer, type RegisteredUser } from '../../testing/accounts.js';
import { callAs, expectRefusal } from '../../testing/typed-call.js';

/*
 * Periods run by the clock: each is created with its seed hash published
 * before it opens, opens, locks before its draw and is drawn on time, with
 * dice anyone can recompute from the seed revealed afterwards.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const PROJECT = 'fast3-1m';

let server: ClockedServer;
let user: RegisteredUser;
beforeAll(async () => {
  // 20 s into a UTC minute, so the first period to come is 40 s away.
  const start = Math.floor(Date.now() / MINUTE) * MINUTE + 20 * SECOND;
  server = await startClockedServer({ TIME_ZONE: 'UTC' }, manualClock(start));
  user = await registerUser(server);
});
afterAll(async () => server.close());

const period = async () => {
  const answer = await callAs(server, user, CALLS.gamePeriod, { projectId: PROJECT });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
};

const sha256 = (hex: string) => createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');

describe('the projects', () => {
  it('are the two of a first start, each with every option, its odds and return to player', async () => {
    const answer = await callAs(server, user, CALLS.gameProjects, {});
    expect(answer.status).toBe(200);
    const projects = answer.body.data;
    expect(projects.map((p) => [p.id, p.periodSeconds, p.unitAmount])).toEqual([
      ['fast3-1m', 60, '1.00'],
      ['fast3-3m', 180, '1.00'],
    ]);
    for (const project of projects) expect(project.options).toHaveLength(67);
    expect(projects[0]!.options.find((o) => o.code === 'big')).toEqual({ code: 'big', group: 'basic', odds: '1.95', returnToPlayer: '0.9479' });
    expect(projects[0]!.options.find((o) => o.code === 'sum-4')).toEqual({ code: 'sum-4', group: 'sum', odds: '69.12', returnToPlayer: '0.9600' });
  });

  it('answer only a signed-in user; an unknown project is not found', async () => {
    expectRefusal(await callAs(server, null, CALLS.gamePeriod, { projectId: PROJECT }), 401, 'SESSION_REQUIRED');
    expectRefusal(await callAs(server, user, CALLS.gamePeriod, { projectId: 'no-such-game' }), 404, 'NOT_FOUND');
  });
});

describe('a period', () => {
  it('publishes its seed hash before it opens, opens, locks 10 s before the draw, and is drawn with dice anyone can check', async () => {
    // A fresh start: the period of this minute has no published hash, so the next one stands in.
    const upcoming = await period();
    expect(upcoming.status).toBe('upcoming');
    expect(upcoming.opensAt).toBe(server.clock.now() + 40 * SECOND);
    expect(upcoming.serverSeed).toBeNull();
    expect(upcoming.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(upcoming.serverTime).toBe(server.clock.now());
    expect(upcoming.periodNo).toMatch(/^\d{12}$/);

    server.clock.advance(40 * SECOND);
    const open = await period();
    expect({ periodNo: open.periodNo, status: open.status, serverSeedHash: open.serverSeedHash }).toEqual({
      periodNo: upcoming.periodNo,
      status: 'open',
      serverSeedHash: upcoming.serverSeedHash,
    });
    expect(open.locksAt).toBe(open.drawsAt - 10 * SECOND);
    // The next period's hash is out while this one runs.
    expect(open.nextSeedHash).toMatch(/^[0-9a-f]{64}$/);

    server.clock.advance(50 * SECOND);
    expect((await period()).status).toBe('locked');

    server.clock.advance(10 * SECOND);
    const after = await period();
    expect(after.periodNo).not.toBe(upcoming.periodNo);
    expect(after.serverSeedHash).toBe(open.nextSeedHash);
    const drawn = after.recent[0]!;
    expect(drawn).toMatchObject({ periodNo: upcoming.periodNo, status: 'drawn', serverSeedHash: upcoming.serverSeedHash });
    expect(sha256(drawn.serverSeed!)).toBe(upcoming.serverSeedHash);
    expect(drawn.dice).toHaveLength(3);
    expect(drawn.sum).toBe(drawn.dice!.reduce((a, b) => a + b, 0));
    expect(await checkPeriod({ projectId: PROJECT, periodNo: drawn.periodNo, serverSeedHash: drawn.serverSeedHash, serverSeed: drawn.serverSeed!, dice: drawn.dice! })).toEqual({
      hashMatches: true,
      diceMatch: true,
    });
  });

  it('is drawn late after a pause, and history lists drawn periods newest first', async () => {
    const before = await period();
    // Nothing runs for ten minutes: the period running and the one created ahead are overdue; the windows in between never had a hash.
    server.clock.advance(10 * MINUTE);
    const later = await period();
    const history = await callAs(server, user, CALLS.gameHistory, { projectId: PROJECT, page: 1, pageSize: 10 });
    expect(history.status).toBe(200);
    const numbers = history.body.data.items.map((p) => p.periodNo);
    expect(numbers).toContain(before.periodNo);
    expect([...numbers].sort().reverse()).toEqual(numbers);
    expect(history.body.data.items.every((p) => p.status === 'drawn' && p.serverSeed !== null)).toBe(true);
    expect(history.body.data.total).toBe(numbers.length);
    // The first test's period, the one running before the pause, and the one made ahead of it: no others.
    expect(numbers).toHaveLength(3);
    expect(numbers[1]).toBe(before.periodNo);
    expect(later.recent.map((p) => p.periodNo)).toEqual(numbers);
    expect(later.status).toBe('upcoming');

    const trend = await callAs(server, user, CALLS.gameTrend, { projectId: PROJECT });
    expect(trend.status).toBe(200);
    expect(trend.body.data.periods).toBe(3);
    const sumHits = Object.values(trend.body.data.sums).reduce((total, s) => total + s.hits, 0);
    const faceHits = Object.values(trend.body.data.faces).reduce((total, f) => total + f.hits, 0);
    expect([sumHits, faceHits]).toEqual([3, 9]);
    const newest = history.body.data.items[0]!;
    expect(trend.body.data.sums[String(newest.sum)]!.missing).toBe(0);
  });
});

describe('the period runner', () => {
  it('goes on drawing every other period when one cannot be drawn', async () => {
    const stuck = (await callAs(server, user, CALLS.gamePeriod, { projectId: 'fast3-3m' })).body.data;
    // A seed the draw cannot read: this period fails every round, and must not hold up the rest.
    await server.database.db.updateTable('periods').set({ server_seed: 'not-a-seed' }).where('project_id', '=', 'fast3-3m').where('period_no', '=', stuck.periodNo).execute();
    // Minute by minute past its draw, as a running server would see it.
    while (server.clock.now() < stuck.drawsAt + 2 * MINUTE) {
      server.clock.advance(MINUTE);
      await period();
    }
    const after = await period();
    expect(after.recent[0]!.drawsAt).toBeGreaterThan(stuck.drawsAt);
    const history = await callAs(server, user, CALLS.gameHistory, { projectId: 'fast3-3m', page: 1, pageSize: 10 });
    expect(history.body.data.items.map((p) => p.periodNo)).not.toContain(stuck.periodNo);
  });
});
