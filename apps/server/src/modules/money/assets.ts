import type { Kysely } from 'kysely';
import { USER_ACCOUNT_KINDS, formatMoney, type STATEMENT_UNITS, type TransferKind, type UserAccountKind } from '@wallet/contract';

type StatementUnit = (typeof STATEMENT_UNITS)[number];
import type { Database } from '../../db/schema.js';
import { offsetOf, pageOf, type PageRequest } from '../../db/page.js';
import { AppError } from '../../errors.js';
import { reusableQuery } from '../../db/reusable-query.js';
import { accountIdOf, balancesFrom, formatAccountAmount, userAccount } from '../../ledger/accounts.js';

/** Whose balance a statement line shows, when a movement touched several of the user's accounts. */
const BALANCE_SHOWN_FIRST: readonly UserAccountKind[] = ['available', 'coin', 'frozen', 'chase'];

export function createAssetsService(db: Kysely<Database>) {
  /** The user's accounts with their totals by what moved them (each entry adds to them as it is written: migration 0009). */
  const accountsWithTotals = reusableQuery(db, 1, (userId) =>
    db
      .selectFrom('ledger_accounts as a')
      .leftJoin('ledger_totals as t', 't.account_id', 'a.id')
      .select(['a.kind as account', 'a.balance', 't.kind', 't.total'])
      .where('a.user_id', '=', userId),
  );

  const service = {
    async assets(userId: string) {
      const rows = await accountsWithTotals(userId);
      const balances = balancesFrom(rows.map((row) => ({ kind: row.account, balance: row.balance })));
      const sums = new Map(rows.map((row) => [`${row.kind}:${row.account}`, Number(row.total)]));
      const sum = (kind: TransferKind, account: UserAccountKind) => sums.get(`${kind}:${account}`) ?? 0;
      // Ordered from the balance, and from chase reserves as chased periods were placed.
      const ordered = -sum('order_placed', 'available') - sum('chase_placed', 'chase');
      return {
        balance: formatMoney(balances.available),
        freeze: formatMoney(balances.frozen),
        coin: balances.coin,
        totals: {
          recharged: formatMoney(sum('recharge_approved', 'available')),
          withdrawn: formatMoney(-sum('withdrawal_approved', 'frozen')),
          ordered: formatMoney(ordered),
          profit: formatMoney(sum('order_won', 'available') - ordered),
        },
      };
    },

    /**
     * One item per transfer that touched the user's accounts (only those of
     * the unit asked for), newest first by its newest entry, so a page never
     * splits a movement. Each line's balance after is that of the account it
     * moved, as of its own entry on it: the balance when it moved, else the
     * credit points, else the frozen funds, else the chase reserve.
     */
    async statement(userId: string, query: PageRequest & { unit?: StatementUnit }) {
      const kinds = USER_ACCOUNT_KINDS.filter((kind) => !query.unit || (kind === 'coin') === (query.unit === 'points'));
      const kindOfAccount = new Map(kinds.map((kind) => [accountIdOf(userAccount(userId, kind)), kind]));
      const accountIds = [...kindOfAccount.keys()];
      const userEntries = db.selectFrom('ledger_entries').where('account_id', 'in', accountIds);

      const pageOfTransfers = userEntries
        .select(['transfer_id', (eb) => eb.fn.max('id').as('last_entry')])
        .groupBy('transfer_id')
        .orderBy('last_entry', 'desc')
        .limit(query.pageSize)
        .offset(offsetOf(query))
        .as('p');
      const [rows, count] = await Promise.all([
        db
          .selectFrom(pageOfTransfers)
          .innerJoin('ledger_transfers as t', 't.id', 'p.transfer_id')
          .select(['t.id', 't.kind', 't.reference', 't.memo', 't.created_at'])
          .orderBy('p.last_entry', 'desc')
          .execute(),
        userEntries.select((eb) => eb.fn.count<string | number>('transfer_id').distinct().as('n')).executeTakeFirstOrThrow(),
      ]);

      const transferIds = rows.map((row) => row.id);
      const entries =
        transferIds.length === 0
          ? []
          : await db
              .selectFrom('ledger_entries')
              .select(['id', 'transfer_id', 'account_id', 'amount', 'balance_after'])
              .where('transfer_id', 'in', transferIds)
              .where('account_id', 'in', accountIds)
              .orderBy('id')
              .execute();
      const legsOf = new Map<string, { account: UserAccountKind; amount: number; balanceAfter: number }[]>();
      for (const entry of entries) {
        const legs = legsOf.get(entry.transfer_id) ?? [];
        legs.push({ account: kindOfAccount.get(entry.account_id)!, amount: Number(entry.amount), balanceAfter: Number(entry.balance_after) });
        legsOf.set(entry.transfer_id, legs);
      }

      const items = rows.map((row) => {
        const legs = (legsOf.get(row.id) ?? []).sort((a, b) => USER_ACCOUNT_KINDS.indexOf(a.account) - USER_ACCOUNT_KINDS.indexOf(b.account));
        const change = (account: UserAccountKind) => legs.filter((leg) => leg.account === account).reduce((sum, leg) => sum + leg.amount, 0);
        const moved = BALANCE_SHOWN_FIRST.find((account) => legs.some((leg) => leg.account === account)) ?? 'available';
        // Entries are in order, so the last leg on the account is its balance once the whole movement was written.
        const movedAfter = legs.filter((leg) => leg.account === moved).at(-1)?.balanceAfter ?? 0;
        return {
          id: row.id,
          kind: row.kind as TransferKind,
          amount: formatMoney(change('available')),
          balanceAccount: moved,
          balanceAfter: formatAccountAmount(moved, movedAfter),
          frozen: formatMoney(change('frozen')),
          coin: change('coin'),
          reference: row.reference,
          memo: row.memo,
          createdAt: Number(row.created_at),
          legs: legs.map((leg) => ({
            account: leg.account,
            amount: formatAccountAmount(leg.account, leg.amount),
            balanceAfter: formatAccountAmount(leg.account, leg.balanceAfter),
          })),
        };
      });
      return pageOf(items, count.n, query);
    },

    /** A user's statement as an operator reads it: an unknown user is 404, not an empty page. */
    async statementOf(userId: string, query: PageRequest) {
      const user = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
      if (!user) throw new AppError('NOT_FOUND');
      return service.statement(userId, query);
    },
  };
  return service;
}

export type AssetsService = ReturnType<typeof createAssetsService>;
