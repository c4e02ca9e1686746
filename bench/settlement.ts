// How long the draw of one big period takes: SETTLEMENT.orders orders from SETTLEMENT.users users,
// placed through the order service, then the period drawn and settled in its one transaction.
import { randomBytes, randomUUID } from 'node:crypto';
import { OPTION_RULES, periodAt } from '@wallet/contract/game';
import type { OpenDatabase } from '../apps/server/src/db/database.js';
import { openUserAccounts } from '../apps/server/src/ledger/accounts.js';
import { Idempotency } from '../apps/server/src/ledger/idempotency.js';
import { MOVEMENTS } from '../apps/server/src/ledger/movements.js';
import { postTransfer } from '../apps/server/src/ledger/transfer.js';
import { verifyLedger, type LedgerReport } from '../apps/server/src/ledger/verify.js';
import { drawPeriod, ensurePeriod } from '../apps/server/src/modules/game/periods.js';
import { lockPeriod } from '../apps/server/src/modules/game/period-lock.js';
import { createOrderService } from '../apps/server/src/modules/game/order-service.js';
import { DEFAULT_ODDS } from '../apps/server/src/modules/game/projects.js';
import { BENCH_TIME_ZONE, CONNECTIONS, OPERATOR, SETTLEMENT } from './settings.js';

export interface SettlementFigures {
  orders: number;
  users: number;
  /** Placing them, through the order service, CONNECTIONS at a time. */
  placeSeconds: number;
  /** The draw: the guarded status change, every payout, credit points and the orders audited, one transaction. */
  settleMs: number;
  /** The lock before it: the root of the period's orders fixed, one transaction. */
  lockMs: number;
  ledger: LedgerReport;
}

const PROJECT_ID = 'bench-settle';
const TIMING = { periodSeconds: 60, lockSeconds: 10 };

/** Users written straight into the database with their accounts and an operator's opening balance: registration's password hashing is not what is measured here. */
export async function addFundedUsers(database: OpenDatabase, count: number, now: number): Promise<string[]> {
  const { db } = database;
  const operator = await db.selectFrom('operators').select('id').where('username', '=', OPERATOR.username).executeTakeFirstOrThrow();
  const ids: string[] = [];
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < count; i += 1) {
      const id = randomUUID();
      const username = `settle${i}_${randomBytes(3).toString('hex')}`;
      await trx
        .insertInto('users')
        .values({
          id,
          username,
          username_key: username,
          password_hash: 'not-for-login',
          pay_password_hash: 'not-for-login',
          invite_code: randomBytes(5).toString('hex').toUpperCase(),
          invited_by_code: '',
          inviter_user_id: null,
          avatar: null,
          lang: 'en',
          contact: null,
          contact_kind: null,
          frozen: 0,
          pay_failures: 0,
          pay_locked_until: 0,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await openUserAccounts(trx, id, now);
      await postTransfer(trx, { kind: 'adjustment', userId: id, reference: randomUUID(), memo: 'Benchmark', operatorId: operator.id, postings: MOVEMENTS.adjustment(id, 'available', 1_000_00) }, now);
      ids.push(id);
    }
  });
  return ids;
}

/** On the server's database with the server stopped, so that this instance alone draws the period. */
export async function measureSettlement(database: OpenDatabase): Promise<SettlementFigures> {
  const { db, dialect } = database;
  const now = Date.now();
  await db
    .insertInto('projects')
    .values({
      id: PROJECT_ID,
      name: 'Bench settlement',
      cover: '',
      period_seconds: TIMING.periodSeconds,
      lock_seconds: TIMING.lockSeconds,
      next_period_seconds: null,
      next_lock_seconds: null,
      next_timing_from: null,
      unit_amount: 100,
      min_quantity: 1,
      max_quantity: 10_000,
      odds: JSON.stringify(DEFAULT_ODDS),
      exposure_limit: null,
      enabled: 1,
      sort: 99,
      created_at: now,
      updated_at: now,
    })
    .execute();
  // A period of tomorrow: nothing but this benchmark orders in it or draws it.
  const window = periodAt(TIMING, BENCH_TIME_ZONE, now + 86_400_000);
  await ensurePeriod(db, PROJECT_ID, window, now);
  const userIds = await addFundedUsers(database, SETTLEMENT.users, now);

  const orders = createOrderService({ db, dialect, idempotency: new Idempotency(db) });
  const perUser = SETTLEMENT.orders / SETTLEMENT.users;
  const placing = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      for (let index = next++; index < userIds.length; index = next++) {
        const selections = Array.from({ length: perUser }, (_, i) => ({ option: OPTION_RULES[(index + i * 7) % OPTION_RULES.length]!.code, quantity: 1 + (i % 3) }));
        await orders.place(userIds[index]!, { projectId: PROJECT_ID, periodNo: window.periodNo, selections, requestId: randomUUID() }, window.opensAt + 1000, 'en');
      }
    }),
  );
  const placeSeconds = (performance.now() - placing) / 1000;

  const row = await db.selectFrom('periods').selectAll().where('project_id', '=', PROJECT_ID).where('period_no', '=', window.periodNo).executeTakeFirstOrThrow();
  // Only a locked period is drawn: its orders' root is fixed first, as the period round does at the lock time.
  const locking = performance.now();
  if (!(await lockPeriod(db, row, window.locksAt))) throw new Error('the settlement period was locked already');
  const lockMs = performance.now() - locking;
  const drawing = performance.now();
  if (!(await drawPeriod(db, dialect, row, window.drawsAt))) throw new Error('the settlement period was drawn already');
  const settleMs = performance.now() - drawing;

  const settled = await db.selectFrom('orders').select((eb) => eb.fn.countAll<string | number>().as('n')).where('project_id', '=', PROJECT_ID).where('settled_at', 'is not', null).executeTakeFirstOrThrow();
  return { orders: Number(settled.n), users: userIds.length, placeSeconds, settleMs, lockMs, ledger: await verifyLedger(database) };
}
