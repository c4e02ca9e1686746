import { beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_CALLS } from '@wallet/contract';
import { operatorToken, registerUser } from '../../testing/accounts.js';
import { dataOf, openLiveStream, ticketFor, type StreamMessage } from '../../testing/live-events.js';
import { fund, openTestChannel } from '../../testing/money.js';
import { TEST_REDIS_URL, testRedisAvailable } from '../../testing/redis.js';
import { sharedDataForProcesses, startServerProcess, type ServerProcess } from '../../testing/server-process.js';
import { onPostgres } from '../../testing/test-database.js';
import { operatorCallAs } from '../../testing/typed-call.js';

/*
 * Live results across server processes: a stream on one instance hears what
 * another wrote (Redis pub/sub, or PostgreSQL's NOTIFY without Redis), a
 * client whose instance shuts down resumes on another with nothing lost, and
 * SIGTERM ends open streams so the process exits well inside its grace.
 */

let withRedis = false;
beforeAll(async () => {
  withRedis = await testRedisAvailable();
});

const balanceFor = (orderNo: string) => (message: StreamMessage) => message.event === 'balance' && dataOf(message)['reference'] === orderNo;
const endsWithin = (ended: Promise<void>, ms: number) => Promise.race([ended.then(() => 'ended'), new Promise((resolve) => setTimeout(() => resolve('still open'), ms))]);
const exitWithin = (instance: ServerProcess, ms: number) =>
  Promise.race([instance.exited.then(() => instance.child.exitCode), new Promise((resolve) => setTimeout(() => resolve('still running'), ms))]);

async function streamAcrossInstances(shared: ReturnType<typeof sharedDataForProcesses>, env: Record<string, string>): Promise<void> {
  const [a, b] = [await startServerProcess(shared.data, env), await startServerProcess(shared.data, env)];
  shared.running.push(a, b);
  const admin = await operatorToken(a.server);
  await openTestChannel(a.server, admin);
  const user = await registerUser(a.server);

  // The ticket comes from A; B redeems it, and hears what A writes.
  const onB = await openLiveStream(b.server, await ticketFor(a.server, user));
  expect(onB.status, JSON.stringify(onB.refusal)).toBe(200);
  await onB.waitFor((message) => message.id !== undefined);
  const first = await fund(a.server, admin, user, '20.00');
  await onB.waitFor(balanceFor(first.orderNo));
  const notice = await operatorCallAs(a.server, admin, OPERATOR_CALLS.saveContent, { kind: 'notice', title: 'Across instances', content: '<p>Hello.</p>' });
  await onB.waitFor((message) => message.event === 'notice' && dataOf(message)['id'] === notice.body.data.id);

  // B shuts down: its stream ends at once; the client resumes on A from its last event id and misses nothing.
  const lastSeen = onB.lastEventId()!;
  b.child.kill('SIGTERM');
  expect(await endsWithin(onB.ended, 10_000)).toBe('ended');
  const missed = await fund(a.server, admin, user, '30.00');
  expect(await exitWithin(b, 10_000)).toBe(0);
  const onA = await openLiveStream(a.server, await ticketFor(a.server, user), { header: lastSeen });
  await onA.waitFor(balanceFor(missed.orderNo));
  expect(onA.messages.some(balanceFor(first.orderNo))).toBe(false);
  onA.close();
}

describe('a stream on another instance', () => {
  describe('with Redis', () => {
    const shared = sharedDataForProcesses();
    it.runIf(onPostgres)('hears what an instance wrote, and resumes elsewhere when its own shuts down', async (context) => {
      if (!withRedis) return context.skip();
      await streamAcrossInstances(shared, { REDIS_URL: TEST_REDIS_URL });
    }, 120_000);
  });

  describe('without Redis', () => {
    const shared = sharedDataForProcesses();
    it.runIf(onPostgres)('hears it through PostgreSQL alone', async () => {
      await streamAcrossInstances(shared, {});
    }, 120_000);
  });
});

describe('SIGTERM', () => {
  const shared = sharedDataForProcesses();
  it('ends the open streams, so the process exits long before its grace is over', async () => {
    const instance = await startServerProcess(shared.data, { SHUTDOWN_GRACE_SECONDS: '60' });
    shared.running.push(instance);
    const user = await registerUser(instance.server);
    const stream = await openLiveStream(instance.server, await ticketFor(instance.server, user));
    await stream.waitFor((message) => message.id !== undefined);
    instance.child.kill('SIGTERM');
    expect(await endsWithin(stream.ended, 10_000)).toBe('ended');
    expect(await exitWithin(instance, 10_000)).toBe(0);
  }, 60_000);
});
