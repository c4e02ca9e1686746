import { randomUUID } from 'node:crypto';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { expect, it } from 'vitest';
import { CALLS, formatMoney } from '@wallet/contract';
import { chasesWhenEnded } from '../../testing/chases.js';
import { sqliteFileIn } from '../../db/database.js';
import { operatorToken } from '../../testing/accounts.js';
import { saveTestProject, waitForOpenPeriod } from '../../testing/game.js';
import { assetsOf, verifyLedger } from '../../testing/money.js';
import { centsOf, userWithBalance } from '../../testing/money-load.js';
import { processOnFreshData, type DataLocation, type ServerProcess } from '../../testing/server-process.js';
import { callAs } from '../../testing/typed-call.js';

/*
 * The real server process, killed with SIGKILL while its scheduler places
 * many chased periods, and started again on the same data: every period is
 * placed once with its orders, or (its window gone) skipped and returned,
 * never both, never lost; the ledger proves it.
 */

const PROJECT = 'chase-crash';
const USERS = 40;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type User = Awaited<ReturnType<typeof userWithBalance>>;

/** How many chased periods at place `seq` have left `waiting`, read from outside the server. */
async function placementProbe(data: DataLocation): Promise<{ decided(seq: number): Promise<number>; close(): Promise<void> }> {
  const query = 'select count(*) as n from chase_periods where seq = $seq and state <> \'waiting\'';
  const url = data.env.DATABASE_URL;
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return {
      decided: async (seq) => Number((await client.query(query.replace('$seq', '$1'), [seq])).rows[0].n),
      close: () => client.end(),
    };
  }
  const sqlite = new SQLite(sqliteFileIn(data.env.DATA_DIR!), { readonly: true });
  const statement = sqlite.prepare(query.replace('$seq', '?'));
  return {
    decided: async (seq) => Number((statement.get(seq) as { n: number }).n),
    close: async () => void sqlite.close(),
  };
}

const fixture = processOnFreshData();

it('places each chased period once, or returns it, when the server is killed while placing them', async () => {
  let running: ServerProcess = await fixture.start();
  const token = await operatorToken(running.server);
  await saveTestProject(running.server, token, { id: PROJECT, name: 'Chase crash' });
  const users: User[] = [];
  for (let i = 0; i < USERS; i += 1) users.push(await userWithBalance(running.server, token, '50.00'));
  const open = await waitForOpenPeriod(running.server, users[0]!, PROJECT, 4000);
  const chaseNos = await Promise.all(
    users.map(async (user) => {
      const answer = await callAs(running.server, user, CALLS.startChase, {
        projectId: PROJECT,
        startPeriodNo: open.periodNo,
        periods: 3,
        selections: [
          { option: 'big', quantity: 1 },
          { option: 'small', quantity: 1 },
        ],
        stopOnWin: false,
        requestId: randomUUID(),
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.data.chaseNo;
    }),
  );

  const probe = await placementProbe(fixture.data);
  let killedMidway = 0;
  try {
    // The first period was placed with each chase; the scheduler places the second and the third as they open: kill it in the middle of each.
    for (const seq of [1, 2]) {
      for (let polls = 0; polls < 4000; polls += 1) {
        const decided = await probe.decided(seq);
        if (decided > 0) {
          if (decided < USERS) killedMidway += 1;
          break;
        }
        await sleep(5);
      }
      running.child.kill('SIGKILL');
      await running.exited;
      running = await fixture.start();
    }
  } finally {
    await probe.close();
  }

  const chases = await chasesWhenEnded(users, chaseNos, () => running.server);

  for (const [index, chase] of chases.entries()) {
    expect(chase.running, chase.chaseNo).toBe(false);
    for (const period of chase.periods) {
      if (period.state === 'skipped') expect([period.reason, period.orderNos]).toEqual(['PERIOD_MISSED', []]);
      else expect([['won', 'lost'].includes(period.state), period.orderNos.length]).toEqual([true, 2]);
    }
    const orders = (await callAs(running.server, users[index]!, CALLS.orderList, { page: 1, pageSize: 20 })).body.data.items;
    expect(orders.map((o) => o.orderNo).sort()).toEqual(chase.periods.flatMap((p) => p.orderNos).sort());
    const won = orders.reduce((total, o) => total + centsOf(o.payout!), 0);
    const returned = centsOf(chase.returned);
    expect((await assetsOf(running.server, users[index]!)).balance).toBe(formatMoney(50_00 - 6_00 + returned + won));
  }
  expect((await verifyLedger(running.server, await operatorToken(running.server))).problems).toEqual([]);
  // At least one kill came after some periods were placed and before the rest; those before or after must come out the same.
  expect(killedMidway).toBeGreaterThan(0);
}, 180_000);
