import type { Kysely } from 'kysely';
import { formatMoney, type TransferKind, type UserAccountKind } from '@wallet/contract';
import type { Database } from '../../db/schema.js';
import { offsetOf, pageOf, type PageRequest } from '../../db/page.js';
import { balancesOf, formatAccountAmount } from '../../ledger/accounts.js';

export function createAssetsService(db: Kysely<Database>) {
  /** Sums of the user's entries by what moved them: the totals come from the ledger itself. */
  async function sumsByKind(userId: string): Promise<Map<string, number>> {
    const rows = await db
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_transfers as t', 't.id', 'e.transfer_id')
      .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
      .select(['t.kind', 'a.kind as account', (eb) => eb.fn.sum<string | number>('e.amount').as('total')])
      .where('a.user_id', '=', userId)
      .where('t.kind', 'in', ['recharge_approved', 'withdrawal_approved', 'order_placed', 'order_won'])
      .groupBy(['t.kind', 'a.kind'])
      .execute();
    return new Map(rows.map((row) => [`${row.kind}:${row.account}`, Number(row.total)]));
  }

  return {
    async assets(userId: string) {
      const [balances, sums] = await Promise.all([balancesOf(db, userId), sumsByKind(userId)]);
      const sum = (kind: TransferKind, account: UserAccountKind) => sums.get(`${kind}:${account}`) ?? 0;
      const ordered = -sum('order_placed', 'available');
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

    async statement(userId: string, query: PageRequest) {
      const entries = db
        .selectFrom('ledger_entries as e')
        .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
        .where('a.user_id', '=', userId);
      const [rows, count] = await Promise.all([
        entries
          .innerJoin('ledger_transfers as t', 't.id', 'e.transfer_id')
          .select(['e.id', 't.kind', 'a.kind as account', 'e.amount', 'e.balance_after', 't.reference', 't.memo', 'e.created_at'])
          .orderBy('e.id', 'desc')
          .limit(query.pageSize)
          .offset(offsetOf(query))
          .execute(),
        entries.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      const items = rows.map((row) => {
        const account = row.account as UserAccountKind;
        return {
          id: Number(row.id),
          kind: row.kind as TransferKind,
          account,
          amount: formatAccountAmount(account, Number(row.amount)),
          balanceAfter: formatAccountAmount(account, Number(row.balance_after)),
          reference: row.reference,
          memo: row.memo,
          createdAt: Number(row.created_at),
        };
      });
      return pageOf(items, count.n, query);
    },
  };
}

export type AssetsService = ReturnType<typeof createAssetsService>;
