import { sql, type Kysely } from 'kysely';
import { formatMoney } from '@wallet/contract';
import { OPTION_RULES } from '@wallet/contract/game';
import type { Database, OrdersTable } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';

/**
 * The project's exposure limit as stored now, read inside the order's
 * transaction: a limit an operator just lowered binds every instance at once,
 * not when their project cache is next refreshed.
 */
export async function exposureLimitOf(trx: Kysely<Database>, projectId: string): Promise<number | null> {
  const row = await trx.selectFrom('projects').select('exposure_limit').where('id', '=', projectId).executeTakeFirst();
  return row?.exposure_limit == null ? null : Number(row.exposure_limit);
}

/**
 * Counts an order into its option's possible payout for the period, in the
 * order's transaction. With a limit the counter only grows while it stays
 * within it, so parallel orders cannot step over the limit together (PRODUCT
 * §6: the house limits its risk this way, never by choosing results).
 */
export async function addExposure(trx: Kysely<Database>, order: OrdersTable, possiblePayout: number, limit: number | null): Promise<void> {
  if (limit !== null && possiblePayout > limit) throw new AppError('EXPOSURE_LIMIT');
  const result = await trx
    .insertInto('period_exposure')
    .values({ project_id: order.project_id, period_no: order.period_no, option_code: order.option_code, orders: 1, amount: order.amount, possible_payout: possiblePayout })
    .onConflict((oc) => {
      const update = oc.columns(['project_id', 'period_no', 'option_code']).doUpdateSet({
        orders: sql`period_exposure.orders + 1`,
        amount: sql`period_exposure.amount + excluded.amount`,
        possible_payout: sql`period_exposure.possible_payout + excluded.possible_payout`,
      });
      return limit === null ? update : update.where(sql`period_exposure.possible_payout + excluded.possible_payout`, '<=', limit);
    })
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0n) === 0) throw new AppError('EXPOSURE_LIMIT');
}

/** Every option of a period with what has been ordered on it and what it would pay if it won (operators' `periods/exposure`). */
export async function exposureOf(db: Kysely<Database>, projectId: string, periodNo: string) {
  const rows = await db.selectFrom('period_exposure').selectAll().where('project_id', '=', projectId).where('period_no', '=', periodNo).execute();
  const byOption = new Map(rows.map((row) => [row.option_code, row]));
  return OPTION_RULES.map((rule) => {
    const row = byOption.get(rule.code);
    return {
      option: rule.code,
      orders: row ? Number(row.orders) : 0,
      amount: formatMoney(row ? Number(row.amount) : 0),
      possiblePayout: formatMoney(row ? Number(row.possible_payout) : 0),
    };
  });
}
