import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.js';
import { migrateToLatest } from '../migrate.js';

/*
 * A ledger that moved money before totals were kept: each user account's
 * totals per transfer kind are summed from its entries, the house's accounts
 * get none, and the world and fees accounts get their shards.
 */

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase('0008_operators');
});
afterAll(async () => database.destroy());

const account = (id: string, userId: string | null, kind: string) =>
  sql`insert into ledger_accounts (id, user_id, kind, balance, created_at) values (${id}, ${userId}, ${kind}, 0, 1)`;
const transfer = (id: string, kind: string, reference: string) =>
  sql`insert into ledger_transfers (id, kind, user_id, reference, memo, operator_id, created_at) values (${id}, ${kind}, 'u1', ${reference}, '', null, 1)`;
const entry = (transferId: string, accountId: string, amount: number) =>
  sql`insert into ledger_entries (transfer_id, account_id, amount, balance_after, created_at) values (${transferId}, ${accountId}, ${amount}, 0, 1)`;

describe('0009_ledger_totals', () => {
  it('sums the entries already written into each user account’s totals by kind, and adds each new one', async () => {
    const db = database.db;
    const statements = [
      account('u1:available', 'u1', 'available'),
      account('u1:frozen', 'u1', 'frozen'),
      transfer('t1', 'recharge_approved', 'R1'),
      entry('t1', 'system:world', -1000),
      entry('t1', 'u1:available', 1000),
      transfer('t2', 'recharge_approved', 'R2'),
      entry('t2', 'system:world', -500),
      entry('t2', 'u1:available', 500),
      transfer('t3', 'withdrawal_requested', 'W1'),
      entry('t3', 'u1:available', -300),
      entry('t3', 'u1:frozen', 300),
    ];
    for (const statement of statements) await statement.execute(db);

    await migrateToLatest(database);

    const totals = await sql<{ account_id: string; kind: string; total: number | string }>`
      select account_id, kind, total from ledger_totals order by account_id, kind`.execute(db);
    expect(totals.rows.map((r) => [r.account_id, r.kind, Number(r.total)])).toEqual([
      ['u1:available', 'recharge_approved', 1500],
      ['u1:available', 'withdrawal_requested', -300],
      ['u1:frozen', 'withdrawal_requested', 300],
    ]);

    for (const statement of [transfer('t4', 'recharge_approved', 'R3'), entry('t4', 'system:world:3', -250), entry('t4', 'u1:available', 250)]) await statement.execute(db);
    const after = await sql<{ account_id: string; total: number | string }>`
      select account_id, total from ledger_totals where kind = 'recharge_approved'`.execute(db);
    expect(after.rows.map((r) => [r.account_id, Number(r.total)])).toEqual([['u1:available', 1750]]);

    for (const kind of ['world', 'fees']) {
      const shards = await sql<{ id: string }>`select id from ledger_accounts where kind = ${kind} order by id`.execute(db);
      expect(shards.rows.map((r) => r.id)).toEqual([`system:${kind}`, ...[1, 2, 3, 4, 5, 6, 7].map((n) => `system:${kind}:${n}`)]);
    }
  });
});
