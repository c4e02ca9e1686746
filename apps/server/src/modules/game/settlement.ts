import { sql, type Kysely } from 'kysely';
import { creditPointsOf, optionRule, payoutCents, type Dice } from '@wallet/contract/game';
import type { DialectName } from '../../db/database.js';
import type { Database, PeriodsTable } from '../../db/schema.js';
import { accountIdOf, userAccount } from '../../ledger/accounts.js';
import { MOVEMENTS } from '../../ledger/movements.js';
import { postTransfer } from '../../ledger/transfer.js';

/**
 * Settles every order of a period just drawn, inside the draw's transaction:
 * a winner gets floor(amount × odds) back (game → available), every order its
 * credit points (coin_issuer → coin), and the order is audited.
 *
 * On PostgreSQL the users' accounts are locked first, in id order, before the
 * house's: orders being placed for the next period lock a user's account and
 * then the house's, so taking the users first means the two never wait on
 * each other in a circle.
 */
export async function settlePeriod(trx: Kysely<Database>, dialect: DialectName, period: PeriodsTable, dice: Dice, now: number): Promise<number> {
  const orders = await trx
    .selectFrom('orders')
    .selectAll()
    .where('project_id', '=', period.project_id)
    .where('period_no', '=', period.period_no)
    .where('settled_at', 'is', null)
    .orderBy('user_id')
    .orderBy('order_no')
    .execute();
  if (orders.length === 0) return 0;

  if (dialect === 'postgres') {
    const userIds = [...new Set(orders.map((o) => o.user_id))];
    const accountIds = userIds.flatMap((id) => [accountIdOf(userAccount(id, 'available')), accountIdOf(userAccount(id, 'coin'))]).sort();
    await sql`select id from ledger_accounts where id in (${sql.join(accountIds)}) order by id for update`.execute(trx);
  }

  for (const order of orders) {
    const amount = Number(order.amount);
    const payout = optionRule(order.option_code).wins(dice) ? payoutCents(amount, order.odds) : 0;
    if (payout > 0) {
      await postTransfer(trx, { kind: 'order_won', userId: order.user_id, reference: order.order_no, postings: MOVEMENTS.order_won(order.user_id, payout) }, now);
    }
    await postTransfer(trx, { kind: 'order_points', userId: order.user_id, reference: order.order_no, postings: MOVEMENTS.order_points(order.user_id, creditPointsOf(order)) }, now);
    await trx.updateTable('orders').set({ payout, settled_at: now }).where('order_no', '=', order.order_no).where('settled_at', 'is', null).execute();
  }
  return orders.length;
}
