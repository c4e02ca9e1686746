import { sql, type Kysely } from 'kysely';
import { insertRows, updateRows } from '../db/bulk-rows.js';
import type { DialectName } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { accountTotals, boundsOf, bringMoneyIn, entriesOf, refusalOf, transferRow, transfersOf, type EntryRow, type Transfer, type TransferRequest } from './transfer.js';

const TEXT = 'text' as const;
const BIGINT = 'bigint' as const;

/**
 * Accounts locked for the rest of the transaction (PostgreSQL: in id order,
 * so users' before the house's, as every movement takes them) and read once;
 * then any number of movements, each checked in memory by the very bounds a
 * single transfer's UPDATE checks, and written together in a few statements.
 * For many movements in one transaction: a batch of requests, a settlement.
 */
export class LockedAccounts {
  private readonly transfers: ReturnType<typeof transferRow>[] = [];
  private readonly entries: EntryRow[] = [];
  private readonly moved = new Set<string>();

  private constructor(private readonly balances: Map<string, number>) {}

  static async lock(trx: Kysely<Database>, dialect: DialectName, accountIds: Iterable<string>): Promise<LockedAccounts> {
    const ids = [...new Set(accountIds)];
    const locked =
      dialect === 'postgres'
        ? await sql<{ id: string; balance: string | number }>`select id, balance from ledger_accounts where id = any(${ids}::text[]) order by id collate "C" for update`.execute(trx)
        : await sql<{ id: string; balance: string | number }>`select id, balance from ledger_accounts where id in (select value from json_each(${JSON.stringify(ids)}))`.execute(trx);
    return new LockedAccounts(new Map(locked.rows.map((row) => [row.id, Number(row.balance)])));
  }

  balanceOf(accountId: string): number {
    const balance = this.balances.get(accountId);
    if (balance === undefined) throw new Error(`ledger account missing or not locked: ${accountId}`);
    return balance;
  }

  /**
   * The transfers of one action, all or none, as `postTransfers` would post
   * them next: throws INSUFFICIENT_BALANCE or BALANCE_LIMIT and moves nothing
   * when a balance would leave its bounds. `housePays`: a settlement, whose
   * credits are never refused for the ceiling (what the house owes must be
   * paid) and whose breach of a floor is a bug, not a refusal.
   */
  post(requests: TransferRequest[], now: number, options: { housePays?: boolean } = {}): { ids: string[]; balances: Map<string, number> } {
    const transfers = transfersOf(requests);
    const balances = this.balancesAfter(transfers, options);
    const running = new Map([...balances].map(([id]) => [id, this.balanceOf(id)]));
    this.entries.push(...entriesOf(transfers, running, now));
    this.transfers.push(...transfers.map((t) => transferRow(t.id, t.request, now)));
    for (const [id, balance] of balances) {
      this.balances.set(id, balance);
      this.moved.add(id);
    }
    return { ids: transfers.map((t) => t.id), balances };
  }

  /** Throws what `post` would for these transfers now, and moves nothing either way. */
  assertCanPost(requests: TransferRequest[]): void {
    this.balancesAfter(transfersOf(requests), {});
  }

  private balancesAfter(transfers: Transfer[], options: { housePays?: boolean }): Map<string, number> {
    const bringsMoneyIn = !options.housePays && bringMoneyIn(transfers);
    const balances = new Map<string, number>();
    for (const total of accountTotals(transfers)) {
      const after = this.balanceOf(total.id) + total.amount;
      const { floor, ceiling } = boundsOf(total, bringsMoneyIn);
      if ((floor !== null && after < floor) || (ceiling !== null && after > ceiling)) {
        if (options.housePays) throw new Error(`a payout would take ${total.id} to ${after}, out of its bounds`);
        throw refusalOf(total);
      }
      balances.set(total.id, after);
    }
    return balances;
  }

  /** Writes every transfer posted, its entries in order (entry ids follow it, as verify reads running balances) and the balances moved. */
  async write(trx: Kysely<Database>, dialect: DialectName): Promise<void> {
    if (this.transfers.length === 0) return;
    await insertRows(
      trx,
      dialect,
      'ledger_transfers',
      [['id', TEXT], ['kind', TEXT], ['user_id', TEXT], ['reference', TEXT], ['memo', TEXT], ['operator_id', TEXT], ['created_at', BIGINT]],
      this.transfers,
    );
    await insertRows(trx, dialect, 'ledger_entries', [['transfer_id', TEXT], ['account_id', TEXT], ['amount', BIGINT], ['balance_after', BIGINT], ['created_at', BIGINT]], this.entries);
    await updateRows(trx, dialect, 'ledger_accounts', 'id', 'balance', [...this.moved].map((id) => [id, this.balanceOf(id)]));
    this.transfers.length = 0;
    this.entries.length = 0;
    this.moved.clear();
  }
}
