import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { TransferKind } from '@wallet/contract';
import type { Database } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import { accountIdOf, isUserAccount, type AccountRef } from './accounts.js';

/** One account's share of a transfer, in cents (or credit points): negative leaves the account. */
export interface Posting {
  account: AccountRef;
  amount: number;
}

export interface TransferRequest {
  kind: TransferKind;
  /** The user the transfer is about, if any. */
  userId: string | null;
  /** The order number or adjustment id the transfer belongs to. */
  reference: string;
  memo?: string;
  operatorId?: string | null;
  postings: Posting[];
}

export interface PostedTransfer {
  id: string;
  /** Balance after the transfer, by account id. */
  balances: Map<string, number>;
}

/** Merges postings on the same account and drops the ones that come to zero. */
function netPostings(postings: Posting[]): { id: string; ref: AccountRef; amount: number }[] {
  const byAccount = new Map<string, { id: string; ref: AccountRef; amount: number }>();
  for (const posting of postings) {
    if (!Number.isSafeInteger(posting.amount)) throw new RangeError(`posting is not whole cents: ${posting.amount}`);
    const id = accountIdOf(posting.account);
    const current = byAccount.get(id) ?? { id, ref: posting.account, amount: 0 };
    current.amount += posting.amount;
    byAccount.set(id, current);
  }
  // One order for every transfer: two transfers never wait on each other's accounts the other way round.
  return [...byAccount.values()].filter((p) => p.amount !== 0).sort((a, b) => (a.id < b.id ? -1 : 1));
}

/**
 * The only way money moves: entries summing to zero, each balance moved by a
 * guarded UPDATE (a user account is debited only while it holds enough), all
 * inside the caller's transaction with the business row they belong to.
 * Throws INSUFFICIENT_BALANCE when a user account does not hold enough.
 */
export async function postTransfer(trx: Kysely<Database>, request: TransferRequest, now: number): Promise<PostedTransfer> {
  const postings = netPostings(request.postings);
  if (postings.length < 2) throw new Error(`a transfer needs two accounts: ${request.kind} ${request.reference}`);
  const sum = postings.reduce((total, p) => total + p.amount, 0);
  if (sum !== 0) throw new Error(`transfer does not sum to zero (${sum}): ${request.kind} ${request.reference}`);

  const id = randomUUID();
  await trx
    .insertInto('ledger_transfers')
    .values({
      id,
      kind: request.kind,
      user_id: request.userId,
      reference: request.reference,
      memo: request.memo ?? '',
      operator_id: request.operatorId ?? null,
      created_at: now,
    })
    .execute();

  const balances = new Map<string, number>();
  for (const posting of postings) {
    let update = trx
      .updateTable('ledger_accounts')
      .set({ balance: sql`balance + ${posting.amount}` })
      .where('id', '=', posting.id);
    if (isUserAccount(posting.ref) && posting.amount < 0) update = update.where('balance', '>=', -posting.amount);
    const row = await update.returning('balance').executeTakeFirst();
    if (!row) {
      if (isUserAccount(posting.ref) && posting.amount < 0) throw new AppError('INSUFFICIENT_BALANCE');
      throw new Error(`ledger account missing: ${posting.id}`);
    }
    balances.set(posting.id, Number(row.balance));
    await trx
      .insertInto('ledger_entries')
      .values({ transfer_id: id, account_id: posting.id, amount: posting.amount, balance_after: Number(row.balance), created_at: now })
      .execute();
  }
  return { id, balances };
}
