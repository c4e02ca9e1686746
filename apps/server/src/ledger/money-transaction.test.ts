import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { registerUser } from '../testing/accounts.js';
import { requestRecharge, startWithOpenChannel } from '../testing/money.js';
import { startTestServer, type TestServer } from '../testing/test-server.js';
import { expectRefusal } from '../testing/typed-call.js';
import { onPostgres } from '../testing/test-database.js';
import { AppError } from '../errors.js';
import { MONEY_TRANSACTION_ATTEMPTS, moneyTransaction } from './money-transaction.js';

/*
 * PostgreSQL picks a victim when two transactions wait on each other: the
 * victim is rolled back and run again, and only when that keeps failing does
 * the caller hear 503 UNAVAILABLE, never 500.
 */


let server: TestServer;
beforeAll(async () => {
  ({ server } = await startWithOpenChannel(startTestServer));
});
afterAll(async () => server.close());

/** Resolves once `count` parties have arrived. */
function barrier(count: number): () => Promise<void> {
  let arrived = 0;
  let release!: () => void;
  const open = new Promise<void>((resolve) => (release = resolve));
  return async () => {
    arrived += 1;
    if (arrived === count) release();
    await open;
  };
}

describe('a money transaction', () => {
  it('answers what its work returns and lets a rule broken inside it through unchanged', async () => {
    const db = server.database.db;
    expect(await moneyTransaction(db, async (trx) => (await trx.selectFrom('operators').select('username').executeTakeFirstOrThrow()).username)).toBe('admin');
    await expect(moneyTransaction(db, async () => Promise.reject(new AppError('INSUFFICIENT_BALANCE')))).rejects.toMatchObject({ reason: 'INSUFFICIENT_BALANCE' });
  });

  it.runIf(onPostgres)('survives a real deadlock: the victim runs again and both finish', async () => {
    const db = server.database.db;
    for (const key of ['deadlock-a', 'deadlock-b']) {
      await db.insertInto('settings').values({ key, value: '0', updated_at: 0 }).execute();
    }
    const bothHoldOne = barrier(2);
    const attempts = { ab: 0, ba: 0 };
    const crosswise = (first: string, second: string, counter: 'ab' | 'ba') =>
      moneyTransaction(db, async (trx) => {
        attempts[counter] += 1;
        await trx.updateTable('settings').set({ value: counter }).where('key', '=', first).execute();
        // Only the first time: then each holds the row the other needs next.
        if (attempts[counter] === 1) await bothHoldOne();
        await trx.updateTable('settings').set({ value: counter }).where('key', '=', second).execute();
        return counter;
      });

    const results = await Promise.all([crosswise('deadlock-a', 'deadlock-b', 'ab'), crosswise('deadlock-b', 'deadlock-a', 'ba')]);

    expect(results).toEqual(['ab', 'ba']);
    expect(attempts.ab + attempts.ba).toBe(3);
    const rows = await db.selectFrom('settings').select(['key', 'value']).where('key', 'in', ['deadlock-a', 'deadlock-b']).execute();
    // The one that ran again ran last, so it wrote both rows.
    const last = attempts.ab === 2 ? 'ab' : 'ba';
    expect(rows.map((r) => r.value)).toEqual([last, last]);
  });

  it.runIf(onPostgres)('answers 503 UNAVAILABLE over HTTP after the last attempt, and the same request works once the conflicts stop', async () => {
    const db = server.database.db;
    const user = await registerUser(server);
    // The database itself refuses every recharge as a serialization failure, and counts how often it was asked.
    await sql`create sequence recharge_attempts`.execute(db);
    await sql`create function refuse_recharge() returns trigger language plpgsql as $$
      begin perform nextval('recharge_attempts'); raise exception 'could not serialize access' using errcode = '40001'; end $$`.execute(db);
    await sql`create trigger refuse_recharge before insert on recharges for each row execute function refuse_recharge()`.execute(db);

    const requestId = 'retry-after-conflicts';
    const refused = await requestRecharge(server, user, '25.00', { requestId });
    expectRefusal(refused, 503, 'UNAVAILABLE');
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.body.mess).toMatch(/temporarily unavailable/);
    const { rows } = await sql<{ n: string }>`select last_value as n from recharge_attempts`.execute(db);
    expect(Number(rows[0]!.n)).toBe(MONEY_TRANSACTION_ATTEMPTS);

    await sql`drop trigger refuse_recharge on recharges`.execute(db);
    const retried = await requestRecharge(server, user, '25.00', { requestId });
    expect(retried.status).toBe(200);
    expect(retried.body.data.amount).toBe('25.00');
  });
});
