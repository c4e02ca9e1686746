import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, OPERATOR_CALLS, formatMoney, type CallResult, type createRecharge } from '@wallet/contract';
import { operatorToken, registerUser, type RegisteredUser } from '../apps/server/src/testing/accounts.js';
import { saveTestProject, waitForOpenPeriod } from '../apps/server/src/testing/game.js';
import { TEST_CHANNEL, assetsOf, requestRecharge, review, verifyLedger } from '../apps/server/src/testing/money.js';
import { centsOf, userWithBalance } from '../apps/server/src/testing/money-load.js';
import { IN_CI, TEST_REDIS_URL } from '../apps/server/src/testing/redis.js';
import { freshPostgresData, openData, serverEnv, testInstanceEnv, type DataLocation } from '../apps/server/src/testing/server-process.js';
import { TEST_CAPTCHA_ANSWER, post, signedBody, type CallResponse, type TestServer } from '../apps/server/src/testing/test-server.js';
import { callAs, errorOf, expectRefusal, operatorCallAs, randomIp } from '../apps/server/src/testing/typed-call.js';
import { missingServices } from './services.js';
import { startTopology, type Instance, type Topology } from './topology.js';

/*
 * The product as docs/deploy.md runs it: two instances on one PostgreSQL
 * database and one Redis, behind nginx. Whatever one instance did, the other
 * knows; an instance killed under load loses nothing it acknowledged while
 * nginx sends the rest to the others (a new one among them); and each period
 * is drawn once, whichever instances run the periods.
 */

const missing = await missingServices({ postgres: { url: process.env.TEST_DATABASE_URL, variable: 'TEST_DATABASE_URL' }, redisUrl: TEST_REDIS_URL });

const PROJECT = 'topology-10s';
const METRICS_TOKEN = 'topology-metrics-token-0123456789';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const asServer = (baseUrl: string) => ({ baseUrl }) as TestServer;

if (missing.length > 0) {
  it('runs where nginx, PostgreSQL and Redis are', (context) => {
    const why = `The topology test needs ${missing.join(', ')}.`;
    if (IN_CI) throw new Error(why);
    // The default reporter shows no reason for a skip: say it where it is seen.
    process.stderr.write(`${why} Skipped.\n`);
    context.skip(why);
  });
} else {
  describe('two instances behind nginx', () => {
    let data: DataLocation;
    let topology: Topology;
    let nginx: TestServer;
    let a: TestServer;
    let b: TestServer;
    let token: string;

    beforeAll(async () => {
      data = await freshPostgresData(process.env.TEST_DATABASE_URL!);
      topology = await startTopology({
        instances: 2,
        databaseUrl: data.env.DATABASE_URL!,
        dataDir: data.env.DATA_DIR!,
        redisUrl: TEST_REDIS_URL,
        env: serverEnv(data, { ...testInstanceEnv(), METRICS_TOKEN }),
        // The test plays the load balancer in front of nginx: each simulated client names its address.
        trustedProxies: ['127.0.0.1'],
      });
      nginx = asServer(topology.url);
      [a, b] = topology.instances.map((instance) => asServer(instance.url)) as [TestServer, TestServer];
      token = await operatorToken(nginx);
      // Saved first: its first period opens at the next boundary, while the other tests run. Open until the draw.
      await saveTestProject(nginx, token, { id: PROJECT, lockSeconds: 0 });
    }, 60_000);

    afterAll(async () => {
      await topology?.stop();
      await data?.remove();
    });

    it('takes a session made through one instance on the other, and ends it on both', async () => {
      const user = await registerUser(a);
      for (const server of [b, nginx]) expect((await callAs(server, user, CALLS.userAssets, {})).status).toBe(200);

      const signedIn = await callAs(b, null, CALLS.signIn, { username: user.username, password: user.password }, { ip: user.ip });
      expect(signedIn.status).toBe(200);
      const second = { token: signedIn.body.data.token, ip: user.ip };
      expect((await callAs(a, second, CALLS.userInfo, {})).body.data.username).toBe(user.username);

      expect((await callAs(nginx, second, CALLS.logOut, {})).status).toBe(200);
      for (const server of [a, b]) expectRefusal(await callAs(server, second, CALLS.userAssets, {}), 401, 'SESSION_INVALID');
    });

    it('refuses a signed body replayed to the other instance or through nginx', async () => {
      const user = await registerUser(nginx);
      const headers = { 'x-forwarded-for': user.ip };
      for (const [first, others] of [
        [a, [b, nginx]],
        [nginx, [a, b]],
      ] as const) {
        const body = signedBody({}, { token: user.token });
        expect((await post(first, CALLS.userAssets.path, body, 'en', headers)).status).toBe(200);
        for (const other of others) expectRefusal(await post(other, CALLS.userAssets.path, body, 'en', headers), 403, 'REQUEST_REPLAYED');
      }
    });

    it('counts a rate limit once over both instances: 30 captchas a minute per address, however split', async () => {
      const ip = randomIp();
      const targets = [a, b, nginx];
      const answers = await Promise.all(Array.from({ length: 36 }, (_, i) => callAs(targets[i % 3]!, null, CALLS.generateCaptcha, {}, { ip })));
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(30);
      for (const refused of answers.filter((answer) => answer.status !== 200)) expectRefusal(refused, 429, 'RATE_LIMITED');
    });

    it('counts wrong captcha answers once over both instances: the fifth kills it everywhere', async () => {
      const ip = randomIp();
      const { captchaId } = (await callAs(a, null, CALLS.generateCaptcha, {}, { ip })).body.data;
      const check = (server: TestServer, code: string) => callAs(server, null, CALLS.checkCaptcha, { captchaId, code }, { ip });
      expect((await check(b, TEST_CAPTCHA_ANSWER)).body.data.valid).toBe(true);
      for (const server of [a, b, nginx, a, b]) expect((await check(server, 'nope')).body.data.valid).toBe(false);
      for (const server of [a, b, nginx]) expect((await check(server, TEST_CAPTCHA_ANSWER)).body.data.valid).toBe(false);
    });

    it('keeps every acknowledged write when an instance is killed under load, and answers through the others', async () => {
      const saved = await operatorCallAs(nginx, token, OPERATOR_CALLS.saveSettings, { rechargeChannels: [{ ...TEST_CHANNEL, randomDecimal: false }] });
      expect(saved.status).toBe(200);
      const load = await loadWhileStopping(topology, 0, 'SIGKILL', nginx, token, await Promise.all(Array.from({ length: WORKERS }, () => registerUser(nginx))));

      const victim = topology.instances[0]!.process;
      await victim.exited;
      expect(victim.child.signalCode).toBe('SIGKILL');
      await expect(fetch(`${victim.url}/healthz`)).rejects.toThrow();
      // What failed was in flight at the kill (nginx answers it with the API's envelope) or, rarely, sent on a
      // kept-alive connection that nginx's reload closed: each client had at most one of either, and its retry answered.
      expect(load.failures.length).toBeLessThanOrEqual(2 * WORKERS);
      for (const failure of load.failures) expect(['503 UNAVAILABLE', 'connection closed']).toContain(failure);
      expect(load.acknowledgedAfterKill).toBeGreaterThan(WORKERS);
      await expectEveryRechargeOnce(data, load, b, WORKERS * ROUNDS);
    }, 60_000);

    it('draws each period once and settles each order once, though every instance runs the periods', async () => {
      // The instance that took the dead one's place, and the one that lived on.
      const [live, replacement] = topology.instances.slice(1).map((instance) => asServer(instance.url)) as [TestServer, TestServer];
      const user = await userWithBalance(nginx, token, '100.00');
      const period = await waitForOpenPeriod(live, user, PROJECT, 1500);
      expect((await waitForOpenPeriod(replacement, user, PROJECT, 1000)).periodNo).toBe(period.periodNo);
      const placed = await Promise.all(
        (['big', 'small', 'odd'] as const).map((option, i) =>
          callAs([live, replacement, nginx][i]!, user, CALLS.placeOrder, { projectId: PROJECT, periodNo: period.periodNo, selections: [{ option, quantity: i + 1 }], requestId: randomUUID() }),
        ),
      );
      expect(placed.map((answer) => answer.status)).toEqual([200, 200, 200]);
      const orderNos = placed.flatMap((answer) => answer.body.data.orders.map((order) => order.orderNo));

      await sleep(Math.max(0, period.drawsAt - Date.now()));
      let orders = (await callAs(nginx, user, CALLS.orderList, { projectId: PROJECT, page: 1, pageSize: 20 })).body.data;
      for (let attempt = 0; orders.items.some((order) => !order.audited) && attempt < 50; attempt += 1) {
        await sleep(200);
        orders = (await callAs(attempt % 2 ? live : replacement, user, CALLS.orderList, { projectId: PROJECT, page: 1, pageSize: 20 })).body.data;
      }
      expect(orders.items.map((order) => order.orderNo).sort()).toEqual([...orderNos].sort());
      expect(orders.items.every((order) => order.audited)).toBe(true);

      const database = openData(data);
      try {
        const due = await database.db.selectFrom('periods').select(['period_no', 'drawn_at']).where('project_id', '=', PROJECT).where('draws_at', '<=', Date.now()).execute();
        expect(due.length).toBeGreaterThan(0);
        expect(due.filter((row) => row.drawn_at === null)).toEqual([]);
        // A second draw would settle the orders again: one credit-points transfer per order, never two.
        const settlements = await database.db.selectFrom('ledger_transfers').select('reference').where('kind', '=', 'order_points').where('reference', 'in', orderNos).execute();
        expect(settlements.map((row) => row.reference).sort()).toEqual([...orderNos].sort());
      } finally {
        await database.close();
      }
      const spent = orders.items.reduce((total, order) => total + centsOf(order.amount), 0);
      const won = orders.items.reduce((total, order) => total + centsOf(order.payout!), 0);
      expect((await assetsOf(replacement, user)).balance).toBe(formatMoney(100_00 - spent + won));
    }, 45_000);

    it('restarts an instance with SIGTERM under load: it finishes what it took and exits 0, nginx sends the rest to the others', async () => {
      const victimIndex = topology.instances.findIndex((instance) => isRunning(instance));
      const victim = topology.instances[victimIndex]!.process;
      const before = await rechargeCount(data);
      const load = await loadWhileStopping(topology, victimIndex, 'SIGTERM', nginx, token, await Promise.all(Array.from({ length: WORKERS }, () => registerUser(nginx))));

      await victim.exited;
      expect({ code: victim.child.exitCode, signal: victim.child.signalCode }).toEqual({ code: 0, signal: null });
      // A connection that goes is never one with a request on it: only a POST nginx had just sent on a kept-alive
      // connection as the instance closed it idle could fail, and nginx answers that one with the API's envelope.
      expect(load.failures.length).toBeLessThanOrEqual(1);
      for (const failure of load.failures) expect(failure).toBe('503 UNAVAILABLE');
      await expectEveryRechargeOnce(data, load, nginx, before + WORKERS * ROUNDS);
    }, 60_000);

    it('serves /metrics from each instance to Prometheus, and never through nginx', async () => {
      const scrape = async (url: string) => {
        const response = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
        return { status: response.status, text: await response.text() };
      };
      for (const instance of topology.instances.filter(isRunning)) {
        const { status, text } = await scrape(instance.url);
        expect(status).toBe(200);
        expect(text).toContain('db_pool_connections{state="used"}');
      }
      const throughNginx = await scrape(nginx.baseUrl);
      expect(throughNginx.status).toBe(404);
      expect(throughNginx.text).not.toContain('http_requests_total');
    });

    it('verifies the ledger clean through nginx and each live instance', async () => {
      for (const server of [nginx, ...topology.instances.filter(isRunning).map((instance) => asServer(instance.url))]) {
        const report = await verifyLedger(server, token);
        expect(report.problems).toEqual([]);
        expect(report.ok).toBe(true);
      }
    });
  });
}

const WORKERS = 6;
const ROUNDS = 6;
/** Acknowledged calls before the kill: about a third of the load. */
const KILL_AFTER = 24;

interface LoadOutcome {
  /** Every recharge answered 200, by order number: its amount. */
  recharges: Map<string, string>;
  /** What each user was credited by the approvals, in cents. */
  creditedTo: Map<RegisteredUser, number>;
  /** Each call that failed before its retry succeeded: its status and reason, or `connection closed`. */
  failures: string[];
  acknowledgedAfterKill: number;
}

const isRunning = (instance: Instance) => instance.process.child.exitCode === null && instance.process.child.signalCode === null;

async function rechargeCount(data: DataLocation): Promise<number> {
  const database = openData(data);
  try {
    const total = await database.db.selectFrom('recharges').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
    return Number(total.count);
  } finally {
    await database.close();
  }
}

/** Every acknowledged recharge is stored and approved, each requestId made one recharge whatever the retries, and the approvals reached the balances. */
async function expectEveryRechargeOnce(data: DataLocation, load: LoadOutcome, reader: TestServer, expectedTotal: number): Promise<void> {
  const database = openData(data);
  try {
    const orderNos = [...load.recharges.keys()];
    const rows = await database.db.selectFrom('recharges').select(['order_no', 'amount', 'status']).where('order_no', 'in', orderNos).execute();
    const byOrderNo = new Map(rows.map((row) => [row.order_no, row]));
    for (const [orderNo, amount] of load.recharges) expect(byOrderNo.get(orderNo), orderNo).toMatchObject({ amount: centsOf(amount), status: 'completed' });
  } finally {
    await database.close();
  }
  expect(await rechargeCount(data)).toBe(expectedTotal);
  for (const [user, cents] of load.creditedTo) expect((await assetsOf(reader, user)).balance).toBe(formatMoney(cents));
}

/**
 * Each worker, as a client through nginx: a recharge, then its approval, round
 * after round. After KILL_AFTER acknowledged calls one instance gets `signal`
 * (SIGKILL: killed; SIGTERM: a rolling restart), and a new one is started in its place. A call that fails is sent again as a client would: newly
 * signed, with the same requestId (a recharge) or the same decision (an
 * approval, which may then find it already made).
 */
async function loadWhileStopping(topology: Topology, victim: number, signal: NodeJS.Signals, nginx: TestServer, token: string, users: RegisteredUser[]): Promise<LoadOutcome> {
  const outcome: LoadOutcome = { recharges: new Map(), creditedTo: new Map(), failures: [], acknowledgedAfterKill: 0 };
  let acknowledged = 0;
  let replacement: Promise<unknown> | undefined;
  const acknowledge = () => {
    acknowledged += 1;
    if (replacement) outcome.acknowledgedAfterKill += 1;
    if (acknowledged === KILL_AFTER) {
      topology.instances[victim]!.process.child.kill(signal);
      // As an operator would: a new instance, added to nginx while the load goes on.
      replacement = topology.addInstance();
    }
  };
  async function untilDone<T>(send: () => Promise<CallResponse<T>>, done: (answer: CallResponse<T>) => boolean): Promise<CallResponse<T>> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      let answer: CallResponse<T>;
      try {
        answer = await send();
      } catch {
        outcome.failures.push('connection closed');
        continue;
      }
      if (done(answer)) {
        acknowledge();
        return answer;
      }
      outcome.failures.push(`${answer.status} ${errorOf(answer).reason}`);
    }
    throw new Error(`no success after 3 attempts: ${outcome.failures.slice(-3).join(', ')}`);
  }

  await Promise.all(
    users.map(async (user, index) => {
      outcome.creditedTo.set(user, 0);
      for (let round = 0; round < ROUNDS; round += 1) {
        const amount = formatMoney(10_00 + index * 100_00 + round * 1_00);
        const requestId = randomUUID();
        const created = await untilDone<CallResult<typeof createRecharge>>(
          () => requestRecharge(nginx, user, amount, { requestId }),
          (answer) => answer.status === 200,
        );
        const orderNo = created.body.data.orderNo;
        outcome.recharges.set(orderNo, amount);
        await untilDone(
          () => review(nginx, token, 'recharges', orderNo, true),
          (answer) => answer.status === 200 || (answer.status === 409 && errorOf(answer).reason === 'ALREADY_REVIEWED'),
        );
        outcome.creditedTo.set(user, outcome.creditedTo.get(user)! + centsOf(amount));
      }
    }),
  );
  await replacement;
  return outcome;
}
