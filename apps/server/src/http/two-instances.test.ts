import { beforeAll, describe, expect, it } from 'vitest';
import { CALLS, OPERATOR_CALLS } from '@wallet/contract';
import { operatorToken, registerUser } from '../testing/accounts.js';
import { userIdOf } from '../testing/money-load.js';
import { TEST_REDIS_URL, testRedisAvailable } from '../testing/redis.js';
import { sharedDataForProcesses, startServerProcess } from '../testing/server-process.js';
import { onPostgres } from '../testing/test-database.js';
import { post, signedBody, type TestServer } from '../testing/test-server.js';
import { callAs, expectRefusal, operatorCallAs } from '../testing/typed-call.js';

/*
 * What every signed call checks — its ranstr, its session, its account's
 * frozen flag — and the settings each instance caches hold at once on every
 * instance: two server processes on one PostgreSQL, with and without Redis.
 */

let withRedis = false;
beforeAll(async () => {
  withRedis = await testRedisAvailable();
});

async function twoInstances(shared: ReturnType<typeof sharedDataForProcesses>, env: Record<string, string>): Promise<[TestServer, TestServer]> {
  shared.running.push(await startServerProcess(shared.data, env), await startServerProcess(shared.data, env));
  return shared.running.map((instance) => instance.server) as [TestServer, TestServer];
}

async function expectInstancesAgree(a: TestServer, b: TestServer): Promise<void> {
  const admin = await operatorToken(a);
  const user = await registerUser(a);
  expect((await callAs(b, user, CALLS.userAssets, {})).status).toBe(200);

  const body = signedBody({}, { token: user.token });
  expect((await post(a, CALLS.userAssets.path, body)).status).toBe(200);
  expectRefusal(await post(b, CALLS.userAssets.path, body), 403, 'REQUEST_REPLAYED');

  const userId = await userIdOf(a, admin, user);
  await operatorCallAs(b, admin, OPERATOR_CALLS.freezeUser, { userId, frozen: true });
  expectRefusal(await callAs(a, user, CALLS.userAssets, {}), 403, 'ACCOUNT_FROZEN');
  await operatorCallAs(a, admin, OPERATOR_CALLS.freezeUser, { userId, frozen: false });
  const again = await registerUser(b);
  expect((await callAs(a, again, CALLS.userAssets, {})).status).toBe(200);
  expect((await callAs(b, again, CALLS.logOut, {})).status).toBe(200);
  expectRefusal(await callAs(a, again, CALLS.userAssets, {}), 401, 'SESSION_INVALID');

  // b reads the contacts first, so it holds them; a's change must still show on b at once.
  for (const name of ['Help desk', 'Night desk', 'Weekend desk']) {
    await callAs(b, null, CALLS.getKefu, {});
    const kefu = [{ name, kind: 'email' as const, value: 'help@example.com', hours: '' }];
    expect((await operatorCallAs(a, admin, OPERATOR_CALLS.saveSettings, { kefu })).status).toBe(200);
    expect((await callAs(b, null, CALLS.getKefu, {})).body.data.contacts.map((contact) => contact.name)).toEqual([name]);
  }
}

describe('two instances on one PostgreSQL', () => {
  // Several instances share a PostgreSQL database (README); an SQLite file belongs to one process.
  describe('with Redis', () => {
    const shared = sharedDataForProcesses();
    it.runIf(onPostgres)('refuse a replayed ranstr, a revoked token and a frozen account, and show a changed setting at once', async (context) => {
      if (!withRedis) return context.skip();
      await expectInstancesAgree(...(await twoInstances(shared, { REDIS_URL: TEST_REDIS_URL })));
    });
  });

  describe('without Redis', () => {
    const shared = sharedDataForProcesses();
    it.runIf(onPostgres)('agree through the database alone', async () => {
      await expectInstancesAgree(...(await twoInstances(shared, {})));
    });
  });
});
