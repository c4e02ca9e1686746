// The same work without HTTP: the server's own services on the same database, through the driver,
// as many loops at a time as the HTTP run had connections, while the server idles (but for drawing the game's periods). What HTTP adds on
// top is Fastify, JSON, the signature check with its replay check (app calls), the session lookup and
// the contract's validation.
import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { openDatabase, type OpenDatabase } from '../apps/server/src/db/database.js';
import { Idempotency } from '../apps/server/src/ledger/idempotency.js';
import { verifyLedger, type LedgerReport } from '../apps/server/src/ledger/verify.js';
import { writeEvents } from '../apps/server/src/modules/events/event-log.js';
import { createOrderService } from '../apps/server/src/modules/game/order-service.js';
import { createAssetsService } from '../apps/server/src/modules/money/assets.js';
import { createRechargeExpiry } from '../apps/server/src/modules/money/recharge-expiry.js';
import { createRechargeService } from '../apps/server/src/modules/money/recharges.js';
import { createReviewService } from '../apps/server/src/modules/money/operator-reviews.js';
import { defaultSettings } from '../apps/server/src/modules/settings/defaults.js';
import { createSettingsService } from '../apps/server/src/modules/settings/service.js';
import { createUploadLinks } from '../apps/server/src/modules/uploads/signed-links.js';
import { randomCents, randomChannel } from './api.js';
import { openPeriodNo, randomSelections } from './game.js';
import { percentile, type Figures } from './figures.js';
import { BENCH_PROJECT, CONNECTIONS, DURATION_S, OPERATOR } from './settings.js';

/**
 * Runs `work` in `loops` loops for DURATION_S seconds. `work` returns false
 * when it has nothing left to do; the rate is then taken over the time until then.
 */
async function loop(loops: number, work: () => Promise<boolean>): Promise<Figures> {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: unknown;
  let dryAt: number | undefined;
  const startedAt = performance.now();
  const until = startedAt + DURATION_S * 1000;
  await Promise.all(
    Array.from({ length: loops }, async () => {
      while (dryAt === undefined && performance.now() < until) {
        const began = performance.now();
        try {
          if (!(await work())) {
            dryAt ??= performance.now();
            return;
          }
          latencies.push(performance.now() - began);
        } catch (error) {
          errors++;
          firstError ??= error;
        }
      }
    }),
  );
  if (firstError !== undefined) console.error(`direct run: ${errors} failed, the first with`, firstError);
  const seconds = ((dryAt ?? performance.now()) - startedAt) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    count: latencies.length,
    errors,
    seconds,
    ...(dryAt === undefined ? {} : { note: `ran out of recharges to approve after ${seconds.toFixed(1)} s` }),
  };
}

export interface Direct {
  /** The server's database, opened a second time. */
  database: OpenDatabase;
  /** `/api/user/assets`'s service: balances and ledger totals of a user, users in turn, `loops` at a time. */
  assets(loops: number): Promise<Figures>;
  /** `/api/money/recharge`'s service, as the HTTP scenario calls it; the new order numbers go to `created`. */
  createRecharges(created: string[], loops: number): Promise<Figures>;
  /** Unmeasured: more recharges made the same way until `pending` holds `count` from `start` on (or `limitSeconds` pass); returns how many. */
  topUp(pending: string[], start: number, count: number, limitSeconds: number): Promise<number>;
  /** `/admin/api/recharges/review`'s service approving recharges from `pending` from `start` on; returns where it stopped. */
  approveRecharges(pending: string[], start: number, loops: number): Promise<{ figures: Figures; next: number }>;
  /** `/api/game/order`'s service with the same selections, in the period open now (the server keeps drawing them). */
  placeOrders(loops: number): Promise<Figures>;
  verify(): Promise<LedgerReport>;
  close(): Promise<void>;
}

/**
 * The services the routes call, on the server's database opened a second time
 * (a pool of CONNECTIONS on PostgreSQL), with the users the run registered.
 */
export async function openDirect(databaseUrl: string | undefined, sqliteFile: string, usernames: string[]): Promise<Direct> {
  const database: OpenDatabase = openDatabase({ databaseUrl, sqliteFile, poolSize: CONNECTIONS });
  const { db } = database;
  const settings = createSettingsService(db, defaultSettings('en'), Date.now);
  const assets = createAssetsService(db);
  const expiry = createRechargeExpiry(db, settings, pino({ level: 'warn' }));
  // No voucher is read here: any key signs the links the answers would carry.
  const links = createUploadLinks('bench');
  const recharges = createRechargeService({ db, settings, idempotency: new Idempotency(db), expiry, links, dialect: database.dialect });
  // A review writes its live event as over HTTP; no stream listens here, so nothing is announced.
  const liveEvents = { write: writeEvents, isWritten: async () => false, publish: () => undefined };
  const reviews = createReviewService({ db, dialect: database.dialect, expiry, links, liveEvents });
  const orders = createOrderService({ db, dialect: database.dialect, idempotency: new Idempotency(db) });

  const userIds = (await db.selectFrom('users').select('id').where('username', 'in', usernames).execute()).map((row) => row.id);
  const operator = await db.selectFrom('operators').select('id').where('username', '=', OPERATOR.username).executeTakeFirstOrThrow();
  let next = 0;
  const nextUser = () => userIds[next++ % userIds.length]!;

  const createOne = async (created: string[]) => {
    const input = { channelId: randomChannel(), amount: randomCents(), requestId: randomUUID() };
    created.push((await recharges.create(nextUser(), input, Date.now())).orderNo);
  };

  return {
    database,
    assets: (loops) =>
      loop(loops, async () => {
        await assets.assets(nextUser());
        return true;
      }),

    createRecharges: (created, loops) =>
      loop(loops, async () => {
        await createOne(created);
        return true;
      }),

    async topUp(pending, start, count, limitSeconds) {
      const before = pending.length;
      const until = performance.now() + limitSeconds * 1000;
      await Promise.all(
        Array.from({ length: CONNECTIONS }, async () => {
          while (pending.length - start < count && performance.now() < until) await createOne(pending);
        }),
      );
      return pending.length - before;
    },

    async approveRecharges(pending, start, loops) {
      let index = start;
      const figures = await loop(loops, async () => {
        const orderNo = pending[index++];
        if (orderNo === undefined) return false;
        await reviews.reviewRecharge(operator.id, { orderNo, approve: true, remark: '' }, Date.now());
        return true;
      });
      return { figures, next: Math.min(index, pending.length) };
    },

    placeOrders: (loops) =>
      loop(loops, async () => {
        await orders.place(nextUser(), { projectId: BENCH_PROJECT.id, periodNo: openPeriodNo(), selections: randomSelections(), requestId: randomUUID() }, Date.now(), 'en');
        return true;
      }),

    verify: () => verifyLedger(database),
    close: () => database.close(),
  };
}
