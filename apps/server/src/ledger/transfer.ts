import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { TransferKind } from '@wallet/contract';
import { reusableInsert, reusableStatement } from '../db/reusable-query.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors.js';
import { HOUSE_ACCOUNT_BOUND, accountIdOf, ceilingOf, inLockOrder, isUserAccount, type AccountRef } from './accounts.js';

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
  return [...byAccount.values()].filter((p) => p.amount !== 0).sort(inLockOrder);
}

export type NetPosting = ReturnType<typeof netPostings>[number];

/** The transfer's postings, netted per account and in lock order; throws unless they balance over two accounts at least. */
export function balancedPostings(request: TransferRequest): NetPosting[] {
  const postings = netPostings(request.postings);
  if (postings.length < 2) throw new Error(`a transfer needs two accounts: ${request.kind} ${request.reference}`);
  const sum = postings.reduce((total, p) => total + p.amount, 0);
  if (sum !== 0) throw new Error(`transfer does not sum to zero (${sum}): ${request.kind} ${request.reference}`);
  return postings;
}

export const transferRow = (id: string, request: TransferRequest, now: number) => ({
  id,
  kind: request.kind,
  user_id: request.userId,
  reference: request.reference,
  memo: request.memo ?? '',
  operator_id: request.operatorId ?? null,
  created_at: now,
});

/** `balance + amount` of one account, returning the new balance; the guards below add one bound to it. */
const moveBalance = (db: Kysely<Database>, id: string, amount: string) =>
  db
    .updateTable('ledger_accounts')
    .set({ balance: sql`balance + ${amount}` })
    .where('id', '=', id)
    .returning('balance');
const MOVES = {
  free: reusableStatement(2, (db, id, amount) => moveBalance(db, id!, amount!)),
  atMost: reusableStatement(3, (db, id, amount, bound) => moveBalance(db, id!, amount!).where('balance', '<=', sql<number>`${bound}`)),
  atLeast: reusableStatement(3, (db, id, amount, bound) => moveBalance(db, id!, amount!).where('balance', '>=', sql<number>`${bound}`)),
};

/**
 * Where one account's balance must stay after a movement: a credit that
 * brings money in never past the account's ceiling, a user's debit never
 * below zero, the house's never below minus its bound. Money moving between
 * one user's own accounts (a withdrawal frozen, or given back) adds nothing
 * to what the user holds, so it is never refused for the ceiling (a refusal
 * must always be possible); frozen funds are at most three withdrawals, so a
 * balance passes the ceiling by at most that, still far below 2^53.
 */
export function boundsOf(posting: NetPosting, bringsMoneyIn: boolean): { floor: number | null; ceiling: number | null } {
  if (posting.amount > 0) return { floor: null, ceiling: bringsMoneyIn ? ceilingOf(posting.ref) : null };
  return { floor: isUserAccount(posting.ref) ? 0 : -HOUSE_ACCOUNT_BOUND, ceiling: null };
}

/** Why a movement out of bounds is refused: not enough on a user's account, or the ceiling. */
export const refusalOf = (posting: NetPosting) => new AppError(posting.amount < 0 && isUserAccount(posting.ref) ? 'INSUFFICIENT_BALANCE' : 'BALANCE_LIMIT');

/** Whether the transfers of one action bring money to a user from outside what that user already holds. */
export const bringMoneyIn = (transfers: { request: TransferRequest; postings: NetPosting[] }[]) =>
  !transfers.every((t) => t.postings.every((p) => isUserAccount(p.ref) && p.ref.userId === t.request.userId));

/** The bound is part of the UPDATE, so parallel moves cannot step over it. */
function guardedUpdate(trx: Kysely<Database>, posting: NetPosting, bringsMoneyIn: boolean) {
  const { floor, ceiling } = boundsOf(posting, bringsMoneyIn);
  if (ceiling !== null) return MOVES.atMost(trx, posting.id, posting.amount, ceiling - posting.amount);
  if (floor !== null) return MOVES.atLeast(trx, posting.id, posting.amount, floor - posting.amount);
  return MOVES.free(trx, posting.id, posting.amount);
}

const insertTransfers = reusableInsert<ReturnType<typeof transferRow>>('ledger_transfers', ['id', 'kind', 'user_id', 'reference', 'memo', 'operator_id', 'created_at']);
const insertEntries = reusableInsert<EntryRow>('ledger_entries', [
  'transfer_id',
  'account_id',
  'amount',
  'balance_after',
  'created_at',
]);

/** A guarded update moved nothing: the account is missing (a bug), or the move is refused. */
async function refuseMove(trx: Kysely<Database>, posting: NetPosting): Promise<never> {
  const account = await trx.selectFrom('ledger_accounts').select('id').where('id', '=', posting.id).executeTakeFirst();
  if (!account) throw new Error(`ledger account missing: ${posting.id}`);
  throw refusalOf(posting);
}

/**
 * The only way money moves: entries summing to zero, each balance moved by a
 * guarded UPDATE (a user account is debited only while it holds enough), all
 * inside the caller's transaction with the business row they belong to.
 * Throws INSUFFICIENT_BALANCE when a user account does not hold enough,
 * BALANCE_LIMIT when an account would pass its ceiling.
 */
export async function postTransfer(trx: Kysely<Database>, request: TransferRequest, now: number): Promise<PostedTransfer> {
  const { ids, balances } = await postTransfers(trx, [request], now);
  return { id: ids[0]!, balances };
}

/**
 * Several transfers of one action at once (an order's selections), all or
 * none: each account is moved once by the sum of its postings, with the same
 * guards, and each transfer keeps its own entries with their running
 * balances. An account is held locked only from its UPDATE to the commit, and
 * a busy one (the house's game account) is touched once however many
 * transfers there are.
 */
export async function postTransfers(trx: Kysely<Database>, requests: TransferRequest[], now: number): Promise<{ ids: string[]; balances: Map<string, number> }> {
  const transfers = transfersOf(requests);
  await insertTransfers(trx, transfers.map((t) => transferRow(t.id, t.request, now)));
  const bringsMoneyIn = bringMoneyIn(transfers);
  // Accounts in id order, users' before the house's, as every movement takes them.
  const running = new Map<string, number>();
  const balances = new Map<string, number>();
  for (const total of accountTotals(transfers)) {
    const row = (await guardedUpdate(trx, total, bringsMoneyIn))[0] ?? (await refuseMove(trx, total));
    balances.set(total.id, Number(row.balance));
    running.set(total.id, Number(row.balance) - total.amount);
  }
  await insertEntries(trx, entriesOf(transfers, running, now));
  return { ids: transfers.map((t) => t.id), balances };
}

export type Transfer = { id: string; request: TransferRequest; postings: NetPosting[] };

/** Each request with a new id and its postings, balanced and netted. */
export const transfersOf = (requests: TransferRequest[]): Transfer[] => requests.map((request) => ({ id: randomUUID(), request, postings: balancedPostings(request) }));

/** What the transfers move on each account, in all, in lock order. */
export function accountTotals(transfers: Transfer[]): NetPosting[] {
  const totals = new Map<string, NetPosting>();
  for (const posting of transfers.flatMap((t) => t.postings)) {
    const total = totals.get(posting.id) ?? { ...posting, amount: 0 };
    total.amount += posting.amount;
    totals.set(posting.id, total);
  }
  return [...totals.values()].sort(inLockOrder);
}

export type EntryRow = {
  transfer_id: string;
  account_id: string;
  amount: number;
  balance_after: number;
  created_at: number;
};

/** The transfers' entries in order, each with its account's running balance; `running` holds each balance before them and is moved on. */
export function entriesOf(transfers: Transfer[], running: Map<string, number>, now: number): EntryRow[] {
  return transfers.flatMap((t) =>
    t.postings.map((posting) => {
      const after = running.get(posting.id)! + posting.amount;
      running.set(posting.id, after);
      return { transfer_id: t.id, account_id: posting.id, amount: posting.amount, balance_after: after, created_at: now };
    }),
  );
}
