// `BENCH_DATABASE_URL=postgres://… npx tsx bench/order-contention.ts`: how much parallel orders wait for
// each other on PostgreSQL. LOOPS order loops (default 10) for 8 s through the order service, one or two
// selections a call from 100 users, while pg_stat_activity is sampled every 20 ms: the share of busy
// connections waiting on a lock shows whether a row everyone needs (a house account, a counter) is the limit.
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { periodAt } from '@wallet/contract/game';
import { openDatabase } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { Idempotency } from '../apps/server/src/ledger/idempotency.js';
import { createOrderService } from '../apps/server/src/modules/game/order-service.js';
import { ensurePeriod } from '../apps/server/src/modules/game/periods.js';
import { DEFAULT_ODDS } from '../apps/server/src/modules/game/projects.js';
import { randomSelections } from './game.js';
import { createDatabase, databaseUrlFor, dropDatabase } from './server.js';
import { OPERATOR } from './settings.js';
import { addFundedUsers } from './settlement.js';

const serverUrl = process.env.BENCH_DATABASE_URL;
if (!serverUrl) throw new Error('set BENCH_DATABASE_URL to a PostgreSQL server (the role needs CREATEDB)');
const loops = Number(process.env.LOOPS ?? 10);
const SECONDS = 8;
const name = `contention_${randomBytes(4).toString('hex')}`;
await createDatabase(serverUrl, name);
const url = databaseUrlFor(serverUrl, name);
const database = openDatabase({ databaseUrl: url, sqliteFile: '', poolSize: loops });
const sampler = new pg.Client({ connectionString: url });
try {
  await migrateToLatest(database);
  const { db, dialect } = database;
  const now = Date.now();
  await db.insertInto('operators').values({ id: randomUUID(), username: OPERATOR.username, username_key: OPERATOR.username, password_hash: 'not-for-login', created_at: now, role: 'admin', disabled: 0 }).execute();
  const timing = { periodSeconds: 86_400, lockSeconds: 0 };
  await db
    .insertInto('projects')
    .values({ id: 'contention', name: 'Contention', cover: '', period_seconds: 86_400, lock_seconds: 0, next_period_seconds: null, next_lock_seconds: null, next_timing_from: null, unit_amount: 100, min_quantity: 1, max_quantity: 10_000, odds: JSON.stringify(DEFAULT_ODDS), exposure_limit: null, enabled: 1, sort: 1, created_at: now, updated_at: now })
    .execute();
  const window = periodAt(timing, 'UTC', now);
  await ensurePeriod(db, 'contention', window, now);
  const users = await addFundedUsers(database, 100, now);
  const orders = createOrderService({ db, dialect, idempotency: new Idempotency(db) });
  await sampler.connect();

  const until = Date.now() + SECONDS * 1000;
  let placed = 0;
  let busy = 0;
  let waitingOnLock = 0;
  const sampling = (async () => {
    while (Date.now() < until) {
      const { rows } = await sampler.query<{ wait_event_type: string | null }>(
        `select wait_event_type from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() and state <> 'idle'`,
        [name],
      );
      busy += rows.length;
      waitingOnLock += rows.filter((row) => row.wait_event_type === 'Lock').length;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  let next = 0;
  await Promise.all(
    Array.from({ length: loops }, async () => {
      while (Date.now() < until) {
        await orders.place(users[next++ % users.length]!, { projectId: 'contention', periodNo: window.periodNo, selections: randomSelections(), requestId: randomUUID() }, Date.now(), 'en');
        placed += 1;
      }
    }),
  );
  await sampling;
  console.log(`${loops} loops: ${(placed / SECONDS).toFixed(0)} order calls/s; ${((100 * waitingOnLock) / Math.max(1, busy)).toFixed(0)} % of busy connections waiting on a lock`);
} finally {
  await sampler.end().catch(() => undefined);
  await database.close();
  await dropDatabase(serverUrl, name);
}
