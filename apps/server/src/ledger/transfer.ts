import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { TransferKind } from '@wallet/contract';
import type { Database } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import { HOUSE_ACCOUNT_BOUND, accountIdOf, ceilingOf, isUserAccount, type AccountRef } from './accounts.js';

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

type NetPosting = ReturnType<typeof netPostings>[number];

/**
 * Moves one balance, only if it stays within bounds: a credit that brings
 * money in never past the account's ceiling, a user's debit never below zero,
 * the house's never below minus its bound. The bound is part of the UPDATE,
 * so parallel moves cannot step over it. Money moving between one user's own
 * accounts (a withdrawal frozen, or given back) adds nothing to what the user
 * holds, so it is never refused for the ceiling (a refusal must always be
 * possible); frozen funds are at most three withdrawals, so a balance passes
 * the ceiling by at most that, still far below 2^53.
 */
function guardedUpdate(trx: Kysely<Database>, posting: NetPosting, bringsMoneyIn: boolean) {
  const update = trx
    .updateTable('ledger_accounts')
    .set({ balance: sql`balance + ${posting.amount}` })
    .where('id', '=', posting.id);
  if (posting.amount > 0) return bringsMoneyIn ? update.where('balance', '<=', ceilingOf(posting.ref) - posting.amount) : update;
  if (isUserAccount(posting.ref)) return update.where('balance', '>=', -posting.amount);
  return update.where('balance', '>=', -HOUSE_ACCOUNT_BOUND - posting.amount);
}

/** Why a guarded update moved nothing: not enough on a user's account, or the ceiling. */
async function refuseMove(trx: Kysely<Database>, posting: NetPosting): Promise<never> {
  const account = await trx.selectFrom('ledger_accounts').select('id').where('id', '=', posting.id).executeTakeFirst();
  if (!account) throw new Error(`ledger account missing: ${posting.id}`);
  if (posting.amount < 0 && isUserAccount(posting.ref)) throw new AppError('INSUFFICIENT_BALANCE');
  throw new AppError('BALANCE_LIMIT');
}

/**
 * The only way money moves: entries summing to zero, each balance moved by a
 * guarded UPDATE (a user account is debited only while it holds enough), all
 * inside the caller's transaction with the business row they belong to.
 * Throws INSUFFICIENT_BALANCE when a user account does not hold enough,
 * BALANCE_LIMIT when an account would pass its ceiling.
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

  const withinOneUser = postings.every((p) => isUserAccount(p.ref) && p.ref.userId === request.userId);
  const balances = new Map<string, number>();
  for (const posting of postings) {
    const row = (await guardedUpdate(trx, posting, !withinOneUser).returning('balance').executeTakeFirst()) ?? (await refuseMove(trx, posting));
    const balance = Number(row.balance);
    balances.set(posting.id, balance);
    await trx
      .insertInto('ledger_entries')
      .values({ transfer_id: id, account_id: posting.id, amount: posting.amount, balance_after: balance, created_at: now })
      .execute();
  }
  return { id, balances };
}
