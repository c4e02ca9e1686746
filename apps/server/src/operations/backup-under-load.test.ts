import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CALLS, formatMoney, type Envelope } from '@wallet/contract';
import { OPTION_CODES } from '@wallet/contract/game';
import { operatorToken } from '../testing/accounts.js';
import { saveTestProject } from '../testing/game.js';
import { openTestChannel, requestRecharge, review } from '../testing/money.js';
import { adjust, rechargesOf, statementItemsOf, userWithBalance } from '../testing/money-load.js';
import { runNpmScript } from '../testing/npm-script.js';
import { freshData, serverEnv, startServerProcess, stopServerProcess, type DataLocation, type ServerProcess } from '../testing/server-process.js';
import type { CallResponse, TestServer } from '../testing/test-server.js';
import { callAs, reasonOf } from '../testing/typed-call.js';

/*
 * `npm run backup` while users top up and order and an operator approves and
 * adjusts, on the real server process; then `npm run restore` into an empty
 * data folder or database. Every write acknowledged before the backup began
 * is in the restored copy, none sent after it ended is, the ledger check
 * passes on the copy, and a server runs on it with the same sessions.
 */

const USERS = 6;
const PROJECT = 'fast3-10s';
/** Writes acknowledged before the backup starts. */
const WRITES_BEFORE = 40;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type User = Awaited<ReturnType<typeof userWithBalance>>;
type WriteKind = 'recharge' | 'approval' | 'order' | 'adjustment';

/** One acknowledged write and what identifies it afterwards: an order number, or an adjustment's reason. */
interface Write {
  user: User;
  kind: WriteKind;
  ref: string;
  sentAt: number;
  acknowledgedAt: number;
}

let source: DataLocation;
let target: DataLocation;
let backupDir: string;
const running: ServerProcess[] = [];

beforeAll(async () => {
  source = await freshData();
  target = await freshData();
  backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-backup-'));
});
afterAll(async () => {
  for (const instance of running) await stopServerProcess(instance, 'SIGTERM');
  await source.remove();
  await target.remove();
  fs.rmSync(backupDir, { recursive: true, force: true });
});

async function serverOn(data: DataLocation): Promise<{ instance: ServerProcess; server: TestServer }> {
  const instance = await startServerProcess(data);
  running.push(instance);
  return { instance, server: instance.server };
}

function dataOf<T>(response: CallResponse<T>): T {
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return (response.body as Envelope<T>).data;
}

/** Users and an operator writing as fast as the server answers, until `stop()`; every acknowledged write lands in `writes`. */
function writeLoad(server: TestServer, token: string, users: User[], writes: Write[], stop: () => boolean): Promise<unknown> {
  async function record(user: User, kind: WriteKind, send: () => Promise<string | null>): Promise<string | null> {
    const sentAt = Date.now();
    const ref = await send();
    if (ref !== null) writes.push({ user, kind, ref, sentAt, acknowledgedAt: Date.now() });
    return ref;
  }

  async function userLoad(user: User): Promise<void> {
    for (let round = 0; !stop(); round += 1) {
      const orderNo = await record(user, 'recharge', async () => dataOf(await requestRecharge(server, user, formatMoney(10_00 + round))).orderNo);
      await record(user, 'approval', async () => (dataOf(await review(server, token, 'recharges', orderNo!, true)), orderNo));
      const reason = `load ${user.username} ${round}`;
      await record(user, 'adjustment', async () => (dataOf(await adjust(server, token, { userId: user.id, account: 'available', amount: '1.00', reason })), reason));
      const period = dataOf(await callAs(server, user, CALLS.gamePeriod, { projectId: PROJECT }));
      if (period.status !== 'open' || period.locksAt - period.serverTime < 1_000) continue;
      await record(user, 'order', async () => {
        const selections = [{ option: OPTION_CODES[round % OPTION_CODES.length]!, quantity: 1 }];
        const answer = await callAs(server, user, CALLS.placeOrder, { projectId: PROJECT, periodNo: period.periodNo, selections, requestId: randomUUID() });
        // A slow answer near the lock may find the period closed: nothing was written.
        if (answer.status === 422 && reasonOf(answer) === 'PERIOD_CLOSED') return null;
        return dataOf(answer).orders[0]!.orderNo;
      });
    }
  }
  return Promise.all(users.map(userLoad));
}

/** What the restored copy shows one user: recharges with their status, order numbers, adjustment reasons. */
async function seenBy(server: TestServer, user: User) {
  const recharges = new Map((await rechargesOf(server, user)).map((r) => [r.orderNo, r.status]));
  const orders = new Set<string>();
  for (let page = 1; ; page += 1) {
    const { items, total } = dataOf(await callAs(server, user, CALLS.orderList, { page, pageSize: 50 }));
    items.forEach((order) => orders.add(order.orderNo));
    if (orders.size >= total || items.length === 0) break;
  }
  const adjustments = new Set((await statementItemsOf(server, user)).filter((item) => item.kind === 'adjustment').map((item) => item.memo));
  return { recharges, orders, adjustments };
}

function isIn(seen: Awaited<ReturnType<typeof seenBy>>, write: Write): boolean {
  if (write.kind === 'recharge') return seen.recharges.has(write.ref);
  if (write.kind === 'approval') return seen.recharges.get(write.ref) === 'completed';
  if (write.kind === 'order') return seen.orders.has(write.ref);
  return seen.adjustments.has(write.ref);
}

it('backs up under write load and restores into an empty target with every write acknowledged before the backup', async () => {
  const { instance: original, server } = await serverOn(source);
  const token = await operatorToken(server);
  await openTestChannel(server, token);
  await saveTestProject(server, token, { id: PROJECT });
  const users = await Promise.all(Array.from({ length: USERS }, () => userWithBalance(server, token, '100.00')));

  const writes: Write[] = [];
  let stopped = false;
  const load = writeLoad(server, token, users, writes, () => stopped);
  while (writes.length < WRITES_BEFORE) await sleep(20);

  const file = path.join(backupDir, 'wallet.backup');
  const backupBegan = Date.now();
  const backup = await runNpmScript('backup', [file], serverEnv(source));
  const backupEnded = Date.now();
  // Writes sent after the backup ended, to show they are not in it.
  await sleep(500);
  stopped = true;
  await load;
  await stopServerProcess(original, 'SIGTERM');

  expect(backup.stderr).toBe('');
  expect(backup.code).toBe(0);
  expect(backup.stdout).toMatch(/^Backup of .+ written to .+wallet\.backup /m);
  expect(writes.filter((w) => w.sentAt > backupBegan && w.acknowledgedAt < backupEnded).length, 'writes during the backup').toBeGreaterThan(0);

  const restore = await runNpmScript('restore', [file], serverEnv(target));
  expect(restore.stderr).toBe('');
  expect(restore.code).toBe(0);
  expect(restore.stdout).toMatch(/^Restored .+wallet\.backup into /m);
  // The rows the backup counted in its snapshot are the rows restored.
  const countsIn = (output: string) => /: (\d+ users, \d+ recharges, \d+ withdrawals, \d+ orders, \d+ ledger transfers)\./.exec(output)?.[1];
  expect(countsIn(backup.stdout)).toBeDefined();
  expect(countsIn(restore.stdout)).toBe(countsIn(backup.stdout));

  const verify = await runNpmScript('ledger:verify', [], serverEnv(target));
  expect(verify.stdout, verify.stderr).toMatch(/^Ledger OK: \d+ transfers/m);
  expect(verify.code).toBe(0);

  const { server: restored } = await serverOn(target);
  const before = writes.filter((w) => w.acknowledgedAt <= backupBegan);
  const after = writes.filter((w) => w.sentAt > backupEnded);
  expect(before.length).toBeGreaterThanOrEqual(WRITES_BEFORE);
  expect(after.length, 'writes after the backup').toBeGreaterThan(0);
  for (const user of users) {
    const seen = await seenBy(restored, user);
    for (const write of before.filter((w) => w.user === user)) expect(isIn(seen, write), `${write.kind} ${write.ref} acknowledged before the backup`).toBe(true);
    for (const write of after.filter((w) => w.user === user)) expect(isIn(seen, write), `${write.kind} ${write.ref} sent after the backup`).toBe(false);
  }
}, 120_000);
