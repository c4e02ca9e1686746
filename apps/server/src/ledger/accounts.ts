import type { Kysely } from 'kysely';
import { USER_ACCOUNT_KINDS, formatMoney, type UserAccountKind } from '@wallet/contract';
import type { Database } from '../db/schema.js';

/** The house's accounts (PRODUCT §5); they may go below zero, user accounts never. */
export const SYSTEM_ACCOUNT_KINDS = ['world', 'game', 'fees', 'adjustments', 'coin_issuer'] as const;
export type SystemAccountKind = (typeof SYSTEM_ACCOUNT_KINDS)[number];

/** No user account holds more than this (10^15 cents): far above any real balance, far below 2^53. */
export const ACCOUNT_CEILING = 1_000_000_000_000_000;
/**
 * The house's accounts sum every user's movements, so they get the whole
 * range where each cent is still exact (2^53 is about 9.007 × 10^15), either way.
 */
export const HOUSE_ACCOUNT_BOUND = 9_000_000_000_000_000;

/** A house account; `shard` names one of a sharded account's shards (none: shard 0, `system:<kind>`). */
export type AccountRef = { userId: string; kind: UserAccountKind } | { system: SystemAccountKind; shard?: number };

export const userAccount = (userId: string, kind: UserAccountKind): AccountRef => ({ userId, kind });
export const systemAccount = (kind: SystemAccountKind): AccountRef => ({ system: kind });

/**
 * The house's accounts that users' movements meet one by one (recharges and
 * withdrawals the world and fees accounts, orders the game account) are kept
 * in shards: with one row for all of them, parallel movements of different
 * users wait in line for it. A user always meets the same shard; the house's
 * balance of a kind is the sum of its shards.
 */
export const HOUSE_SHARDS = 8;
export type ShardedHouseKind = 'world' | 'fees' | 'game';

export function houseAccountOf(kind: ShardedHouseKind, userId: string): AccountRef {
  let hash = 0;
  for (let i = 0; i < userId.length; i += 1) hash = (hash * 31 + userId.charCodeAt(i)) >>> 0;
  const shard = hash % HOUSE_SHARDS;
  return shard === 0 ? systemAccount(kind) : { system: kind, shard };
}

export function accountIdOf(ref: AccountRef): string {
  if (!('system' in ref)) return `${ref.userId}:${ref.kind}`;
  return ref.shard ? `system:${ref.system}:${ref.shard}` : `system:${ref.system}`;
}

/**
 * The one order accounts are locked in, by every movement: byte order of
 * their ids. A user's ids begin with the user's UUID (hex digits), so every
 * user's account comes before the house's (`system:…`).
 */
export const inLockOrder = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export const isUserAccount = (ref: AccountRef): ref is { userId: string; kind: UserAccountKind } => !('system' in ref);

/** The most an account may hold after a credit. */
export const ceilingOf = (ref: AccountRef) => (isUserAccount(ref) ? ACCOUNT_CEILING : HOUSE_ACCOUNT_BOUND);

/** Opens a new user's balance, freeze, chase reserve and credit-point accounts, in the transaction that creates the user. */
export async function openUserAccounts(trx: Kysely<Database>, userId: string, now: number): Promise<void> {
  await trx
    .insertInto('ledger_accounts')
    .values(USER_ACCOUNT_KINDS.map((kind) => ({ id: accountIdOf(userAccount(userId, kind)), user_id: userId, kind, balance: 0, created_at: now })))
    .execute();
}

export type UserBalances = Record<UserAccountKind, number>;

/** A user's accounts as rows of `ledger_accounts` (kind, balance). */
export const userAccountRows = (db: Kysely<Database>, userId: string) =>
  db.selectFrom('ledger_accounts').select(['kind', 'balance']).where('user_id', '=', userId);

export function balancesFrom(rows: { kind: string; balance: number | string }[]): UserBalances {
  const balances: UserBalances = { available: 0, frozen: 0, chase: 0, coin: 0 };
  for (const row of rows) balances[row.kind as UserAccountKind] = Number(row.balance);
  return balances;
}

export async function balancesOf(db: Kysely<Database>, userId: string): Promise<UserBalances> {
  return balancesFrom(await userAccountRows(db, userId).execute());
}

/** An amount of a user's account as the wire shows it: credit points are whole numbers, money has two decimals. */
export const formatAccountAmount = (account: UserAccountKind, amount: number) => (account === 'coin' ? String(amount) : formatMoney(amount));
