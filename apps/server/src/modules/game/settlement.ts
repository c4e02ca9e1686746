import { sql, type Kysely } from 'kysely';
import { creditPointsOf, optionRule, payoutCents, type Dice } from '@wallet/contract/game';
import type { DialectName } from '../../db/database.js';
import type { Database, PeriodsTable } from '../../db/schema.js';
import { updateRows } from '../../db/bulk-rows.js';
import { postTransfersInBulk } from '../../ledger/bulk-transfer.js';
import { MOVEMENTS } from '../../ledger/movements.js';
import type { TransferRequest } from '../../ledger/transfer.js';
import { settleChasedPeriods } from './chase-settlement.js';
import { writeMessages } from '../messages/index.js';
import { chaseFinishedMessages, chasesInPeriod, periodResultMessages } from './result-messages.js';

/**
 * Settles every order of a period just drawn, inside the draw's transaction:
 * a winner gets floor(amount × odds) back (game → available), every order its
 * credit points (coin_issuer → coin), and the order is audited; a chased
 * period is won or lost, and a stop-on-win chase that won gives back the
 * rest (chase → available). Written in
 * bulk: a period of ten thousand orders is a few dozen statements, not tens
 * of thousands.
 *
 * On PostgreSQL the accounts are locked in id order, users' before the
 * house's, the order every single order takes them in: orders being placed
 * for the next period meanwhile wait, but never in a circle.
 */
export async function settlePeriod(trx: Kysely<Database>, dialect: DialectName, period: PeriodsTable, dice: Dice, now: number): Promise<number> {
  const orders = await trx
    .selectFrom('orders')
    .select(['order_no', 'user_id', 'option_code', 'amount', 'odds', 'quantity'])
    .where('project_id', '=', period.project_id)
    .where('period_no', '=', period.period_no)
    .where('settled_at', 'is', null)
    .orderBy('user_id')
    .orderBy('order_no')
    .execute();
  if (orders.length === 0) return 0;

  const transfers: TransferRequest[] = [];
  const payouts: [string, number][] = [];
  for (const order of orders) {
    const payout = optionRule(order.option_code).wins(dice) ? payoutCents(Number(order.amount), order.odds) : 0;
    const about = { userId: order.user_id, reference: order.order_no };
    if (payout > 0) transfers.push({ kind: 'order_won', ...about, postings: MOVEMENTS.order_won(order.user_id, payout) });
    transfers.push({ kind: 'order_points', ...about, postings: MOVEMENTS.order_points(order.user_id, creditPointsOf(order)) });
    payouts.push([order.order_no, payout]);
  }
  // Chased periods won or lost, and what a stop-on-win returns, before any account is locked.
  transfers.push(...(await settleChasedPeriods(trx, dialect, period, new Map(payouts), now)));
  await postTransfersInBulk(trx, dialect, transfers, now);
  await updateRows(trx, dialect, 'orders', 'order_no', 'payout', payouts, sql`, settled_at = ${now}`);
  const results = await periodResultMessages(trx, period, dice, orders.map((order, index) => ({ ...order, payout: payouts[index]![1] })));
  await writeMessages(trx, [...results, ...(await chaseFinishedMessages(trx, await chasesInPeriod(trx, period)))], now);
  return orders.length;
}
