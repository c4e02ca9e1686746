import type { TransferKind } from '@wallet/contract';
import { houseAccountOf, systemAccount, userAccount } from './accounts.js';
import type { Posting } from './transfer.js';

/** The reference of the transfer that returns one chased period (the chase's number is the reserve's). */
export const chasePeriodReference = (chaseNo: string, seq: number) => `${chaseNo}:${seq}`;

/**
 * PRODUCT §5's table: what each event moves, from where to where. Services
 * post these; `verify` recomputes them from the business rows and compares.
 */
export const MOVEMENTS = {
  recharge_approved: (userId: string, payAmount: number): Posting[] => [
    { account: houseAccountOf('world', userId), amount: -payAmount },
    { account: userAccount(userId, 'available'), amount: payAmount },
  ],
  withdrawal_requested: (userId: string, amount: number): Posting[] => [
    { account: userAccount(userId, 'available'), amount: -amount },
    { account: userAccount(userId, 'frozen'), amount },
  ],
  withdrawal_approved: (userId: string, amount: number, fee: number): Posting[] => [
    { account: userAccount(userId, 'frozen'), amount: -amount },
    { account: houseAccountOf('world', userId), amount: amount - fee },
    { account: houseAccountOf('fees', userId), amount: fee },
  ],
  withdrawal_refused: (userId: string, amount: number): Posting[] => [
    { account: userAccount(userId, 'frozen'), amount: -amount },
    { account: userAccount(userId, 'available'), amount },
  ],
  order_placed: (userId: string, amount: number): Posting[] => [
    { account: userAccount(userId, 'available'), amount: -amount },
    { account: houseAccountOf('game', userId), amount },
  ],
  order_won: (userId: string, payout: number): Posting[] => [
    { account: houseAccountOf('game', userId), amount: -payout },
    { account: userAccount(userId, 'available'), amount: payout },
  ],
  order_points: (userId: string, points: number): Posting[] => [
    { account: systemAccount('coin_issuer'), amount: -points },
    { account: userAccount(userId, 'coin'), amount: points },
  ],
  /** The whole amount of a chase, set aside at once. */
  chase_reserved: (userId: string, amount: number): Posting[] => [
    { account: userAccount(userId, 'available'), amount: -amount },
    { account: userAccount(userId, 'chase'), amount },
  ],
  /** An order of a chased period, paid from the reserve to where an order's money goes. */
  chase_placed: (userId: string, amount: number): Posting[] => [
    { account: userAccount(userId, 'chase'), amount: -amount },
    { account: houseAccountOf('game', userId), amount },
  ],
  /** A chased period skipped or cancelled: its amount back to the balance. */
  chase_returned: (userId: string, amount: number): Posting[] => [
    { account: userAccount(userId, 'chase'), amount: -amount },
    { account: userAccount(userId, 'available'), amount },
  ],
  /** An order of a void period (no beacon round in time): its whole amount back to the balance, whichever way it was paid. */
  order_voided: (userId: string, amount: number): Posting[] => [
    { account: houseAccountOf('game', userId), amount: -amount },
    { account: userAccount(userId, 'available'), amount },
  ],
  /** Money comes from (or goes back to) `adjustments`; credit points from `coin_issuer`, so no account mixes the two. */
  adjustment: (userId: string, account: 'available' | 'coin', amount: number): Posting[] => [
    { account: systemAccount(account === 'available' ? 'adjustments' : 'coin_issuer'), amount: -amount },
    { account: userAccount(userId, account), amount },
  ],
} satisfies Record<TransferKind, (...args: never[]) => Posting[]>;
