import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorToken, registerUser, type RegisteredUser } from '../testing/accounts.js';
import { openTestChannel, fund, verifyLedger, withdraw } from '../testing/money.js';
import { userIdOf } from '../testing/money-load.js';
import { startTestServer, type TestServer } from '../testing/test-server.js';
import { AppError } from '../errors.js';
import { systemAccount, userAccount } from './accounts.js';
import { postTransfer, type TransferRequest } from './transfer.js';

/*
 * The last guards sit in the database and in the one function that moves
 * money: written straight to the tables, a change to the ledger's history or
 * a negative user balance is refused; a transfer that does not add up is
 * refused before anything is written.
 */

const REFUSED_CHANGE = /never changed or removed/;
const NEGATIVE_BALANCE = /ledger_accounts_user_not_negative/;

let server: TestServer;
let token: string;
let user: RegisteredUser;
let userId: string;
let operatorId: string;

beforeAll(async () => {
  server = await startTestServer();
  token = await operatorToken(server);
  await openTestChannel(server, token);
  user = await registerUser(server);
  userId = await userIdOf(server, token, user);
  await fund(server, token, user, '300.00');
  expect((await withdraw(server, user, '100.00')).status).toBe(200);
  operatorId = (await server.database.db.selectFrom('operators').select('id').executeTakeFirstOrThrow()).id;
});
afterAll(async () => server.close());

const db = () => server.database.db;

/** Every ledger row, to show that a refused statement left all of them as they were. */
async function ledgerRows() {
  const [accounts, transfers, entries] = await Promise.all([
    db().selectFrom('ledger_accounts').selectAll().orderBy('id').execute(),
    db().selectFrom('ledger_transfers').selectAll().orderBy('id').execute(),
    db().selectFrom('ledger_entries').selectAll().orderBy('id').execute(),
  ]);
  return { accounts, transfers, entries };
}

async function userEntry() {
  return db().selectFrom('ledger_entries').selectAll().where('account_id', '=', `${userId}:available`).orderBy('id').executeTakeFirstOrThrow();
}

async function userTransfer() {
  return db().selectFrom('ledger_transfers').selectAll().where('user_id', '=', userId).orderBy('created_at').executeTakeFirstOrThrow();
}

async function expectLedgerOk(): Promise<void> {
  const report = await verifyLedger(server, token);
  expect(report.problems).toEqual([]);
  expect(report.ok).toBe(true);
}

describe('the history of the ledger', () => {
  it('refuses UPDATE of an entry, whatever column it touches', async () => {
    const before = await ledgerRows();
    const entry = await userEntry();
    await expect(db().updateTable('ledger_entries').set({ amount: entry.amount + 100 }).where('id', '=', entry.id).execute()).rejects.toThrow(REFUSED_CHANGE);
    await expect(db().updateTable('ledger_entries').set({ balance_after: 0 }).where('id', '=', entry.id).execute()).rejects.toThrow(REFUSED_CHANGE);
    await expect(db().updateTable('ledger_entries').set({ created_at: 0 }).execute()).rejects.toThrow(REFUSED_CHANGE);
    expect(await ledgerRows()).toEqual(before);
  });

  it('refuses DELETE of an entry, and of all entries at once', async () => {
    const before = await ledgerRows();
    const entry = await userEntry();
    await expect(db().deleteFrom('ledger_entries').where('id', '=', entry.id).execute()).rejects.toThrow(REFUSED_CHANGE);
    await expect(db().deleteFrom('ledger_entries').execute()).rejects.toThrow(REFUSED_CHANGE);
    expect(await ledgerRows()).toEqual(before);
  });

  it('refuses UPDATE of a transfer', async () => {
    const before = await ledgerRows();
    const transfer = await userTransfer();
    await expect(db().updateTable('ledger_transfers').set({ memo: 'rewritten' }).where('id', '=', transfer.id).execute()).rejects.toThrow(REFUSED_CHANGE);
    await expect(db().updateTable('ledger_transfers').set({ kind: 'adjustment' }).where('id', '=', transfer.id).execute()).rejects.toThrow(REFUSED_CHANGE);
    await expect(db().updateTable('ledger_transfers').set({ user_id: randomUUID() }).execute()).rejects.toThrow(REFUSED_CHANGE);
    expect(await ledgerRows()).toEqual(before);
  });

  it('refuses DELETE of a transfer, and of all transfers at once', async () => {
    const before = await ledgerRows();
    const transfer = await userTransfer();
    await expect(db().deleteFrom('ledger_transfers').where('id', '=', transfer.id).execute()).rejects.toThrow(REFUSED_CHANGE);
    await expect(db().deleteFrom('ledger_transfers').execute()).rejects.toThrow(REFUSED_CHANGE);
    expect(await ledgerRows()).toEqual(before);
  });

  // SQLite has no TRUNCATE (its whole-table DELETE is refused above); PostgreSQL's needs its own trigger.
  if (process.env.TEST_DB === 'postgres') {
    it('refuses TRUNCATE of entries and transfers', async () => {
      const before = await ledgerRows();
      await expect(sql`truncate table ledger_entries`.execute(db())).rejects.toThrow(REFUSED_CHANGE);
      await expect(sql`truncate table ledger_transfers cascade`.execute(db())).rejects.toThrow(REFUSED_CHANGE);
      expect(await ledgerRows()).toEqual(before);
    });
  }

  it('takes a refused change down with the rest of its transaction', async () => {
    const before = await ledgerRows();
    const entry = await userEntry();
    const attempt = db()
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('ledger_accounts').set({ balance: sql`balance + 1` }).where('id', '=', `${userId}:available`).execute();
        await trx.updateTable('ledger_entries').set({ amount: entry.amount + 1 }).where('id', '=', entry.id).execute();
      });
    await expect(attempt).rejects.toThrow(REFUSED_CHANGE);
    expect(await ledgerRows()).toEqual(before);
    await expectLedgerOk();
  });
});

describe('user balances', () => {
  it('are never negative, even when written straight into the table', async () => {
    const before = await ledgerRows();
    for (const kind of ['available', 'frozen', 'coin']) {
      const id = `${userId}:${kind}`;
      await expect(db().updateTable('ledger_accounts').set({ balance: -1 }).where('id', '=', id).execute()).rejects.toThrow(NEGATIVE_BALANCE);
      await expect(
        db()
          .updateTable('ledger_accounts')
          .set({ balance: sql`balance - (balance + 1)` })
          .where('id', '=', id)
          .execute(),
      ).rejects.toThrow(NEGATIVE_BALANCE);
    }
    const stranger = randomUUID();
    await expect(
      db().insertInto('ledger_accounts').values({ id: `${stranger}:available`, user_id: stranger, kind: 'available', balance: -1, created_at: Date.now() }).execute(),
    ).rejects.toThrow(NEGATIVE_BALANCE);
    expect(await ledgerRows()).toEqual(before);
  });

  it('changed behind the ledger, within what the table allows, are caught by the ledger check', async () => {
    const account = `${userId}:available`;
    await db().updateTable('ledger_accounts').set({ balance: sql`balance + 1` }).where('id', '=', account).execute();
    try {
      const report = await verifyLedger(server, token);
      expect(report.ok).toBe(false);
      expect(report.problems).toContainEqual(expect.objectContaining({ check: 'balance-equals-entries', subject: account }));
    } finally {
      await db().updateTable('ledger_accounts').set({ balance: sql`balance - 1` }).where('id', '=', account).execute();
    }
    await expectLedgerOk();
  });

  it('changed behind the ledger, their totals by kind are caught by the ledger check too', async () => {
    const account = `${userId}:available`;
    const total = () => db().updateTable('ledger_totals').where('account_id', '=', account).where('kind', '=', 'recharge_approved');
    await total().set({ total: sql`total + 1` }).execute();
    try {
      const report = await verifyLedger(server, token);
      expect(report.problems).toContainEqual(expect.objectContaining({ check: 'totals-equal-entries', subject: account }));
    } finally {
      await total().set({ total: sql`total - 1` }).execute();
    }
    await expectLedgerOk();
  });

  it('leave the house accounts free to go below zero: money entering the system comes from the world', async () => {
    const shards = await db().selectFrom('ledger_accounts').select('balance').where('kind', '=', 'world').execute();
    expect(shards.length).toBe(8);
    expect(shards.reduce((sum, shard) => sum + Number(shard.balance), 0)).toBeLessThan(0);
  });
});

describe('postTransfer', () => {
  const adjustment = (postings: TransferRequest['postings']): TransferRequest => ({
    kind: 'adjustment',
    userId,
    reference: `A${randomUUID().replaceAll('-', '').slice(0, 16).toUpperCase()}`,
    memo: 'guard test',
    operatorId,
    postings,
  });

  it('refuses a transfer that does not sum to zero and writes nothing', async () => {
    const before = await ledgerRows();
    const unbalanced = adjustment([
      { account: userAccount(userId, 'available'), amount: 100 },
      { account: systemAccount('adjustments'), amount: -99 },
    ]);
    await expect(postTransfer(db(), unbalanced, Date.now())).rejects.toThrow(/does not sum to zero/);
    await expect(db().transaction().execute((trx) => postTransfer(trx, unbalanced, Date.now()))).rejects.toThrow(/does not sum to zero/);
    const oneSided = adjustment([
      { account: userAccount(userId, 'available'), amount: 100 },
      { account: userAccount(userId, 'available'), amount: 50 },
      { account: systemAccount('adjustments'), amount: -100 },
    ]);
    await expect(postTransfer(db(), oneSided, Date.now())).rejects.toThrow(/does not sum to zero/);
    expect(await ledgerRows()).toEqual(before);
    await expectLedgerOk();
  });

  it('refuses a transfer on one account only, or in fractions of a cent, and writes nothing', async () => {
    const before = await ledgerRows();
    const single = adjustment([
      { account: userAccount(userId, 'available'), amount: 100 },
      { account: userAccount(userId, 'available'), amount: -100 },
    ]);
    await expect(postTransfer(db(), single, Date.now())).rejects.toThrow(/needs two accounts/);
    const fractional = adjustment([
      { account: userAccount(userId, 'available'), amount: 0.5 },
      { account: systemAccount('adjustments'), amount: -0.5 },
    ]);
    await expect(postTransfer(db(), fractional, Date.now())).rejects.toThrow(RangeError);
    expect(await ledgerRows()).toEqual(before);
  });

  it('refuses a debit beyond what a user account holds, and its transaction leaves no trace', async () => {
    const before = await ledgerRows();
    const available = before.accounts.find((a) => a.id === `${userId}:available`)!;
    const overdraft = adjustment([
      { account: userAccount(userId, 'available'), amount: -(Number(available.balance) + 1) },
      { account: systemAccount('adjustments'), amount: Number(available.balance) + 1 },
    ]);
    const attempt = db().transaction().execute((trx) => postTransfer(trx, overdraft, Date.now()));
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ reason: 'INSUFFICIENT_BALANCE' });
    expect(await ledgerRows()).toEqual(before);
    await expectLedgerOk();
  });

  it('writes a balanced transfer whole: one transfer, its entries, the balances after', async () => {
    const before = await ledgerRows();
    const posted = await db()
      .transaction()
      .execute((trx) =>
        postTransfer(
          trx,
          adjustment([
            { account: userAccount(userId, 'available'), amount: 250 },
            { account: systemAccount('adjustments'), amount: -250 },
          ]),
          Date.now(),
        ),
      );
    const after = await ledgerRows();
    expect(after.transfers).toHaveLength(before.transfers.length + 1);
    const entries = after.entries.filter((e) => e.transfer_id === posted.id);
    expect(entries.map((e) => Number(e.amount)).sort((a, b) => a - b)).toEqual([-250, 250]);
    const balanceBefore = Number(before.accounts.find((a) => a.id === `${userId}:available`)!.balance);
    expect(posted.balances.get(`${userId}:available`)).toBe(balanceBefore + 250);
    await expectLedgerOk();
  });
});
