import { sql, type Kysely } from 'kysely';
import { formatMoney } from '@wallet/contract';
import { OPTION_RULES } from '@wallet/contract/game';
import type { Database, OrdersTable } from '../../db/schema.js';
import { AppError } from '../../errors.js';

/*
 * The exposure limit (PRODUCT §6): the house limits its risk by refusing an
 * order whose option would then pay out more than the limit in its period,
 * never by choosing results. A limited project keeps a counter per period and
 * option that only grows while it stays within the limit; a project without a
 * limit keeps none, so orders on popular options do not queue for one row.
 */

/** Counts an order into its option's possible payout for the period, or refuses it with EXPOSURE_LIMIT. */
export async function addExposure(trx: Kysely<Database>, order: OrdersTable, possiblePayout: number, limit: number): Promise<void> {
  if (possiblePayout > limit) throw new AppError('EXPOSURE_LIMIT');
  const result = await trx
    .insertInto('period_exposure')
    .values({ project_id: order.project_id, period_no: order.period_no, option_code: order.option_code, orders: 1, amount: order.amount, possible_payout: possiblePayout })
    .onConflict((oc) =>
      oc
        .columns(['project_id', 'period_no', 'option_code'])
        .doUpdateSet({
          orders: sql`period_exposure.orders + 1`,
          amount: sql`period_exposure.amount + excluded.amount`,
          possible_payout: sql`period_exposure.possible_payout + excluded.possible_payout`,
        })
        .where(sql`period_exposure.possible_payout + excluded.possible_payout`, '<=', limit),
    )
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0n) === 0) throw new AppError('EXPOSURE_LIMIT');
}

/** When a project gets a limit: the counters of its undrawn periods, from the orders they hold. */
export async function recountExposure(trx: Kysely<Database>, projectId: string): Promise<void> {
  await sql`insert into period_exposure (project_id, period_no, option_code, orders, amount, possible_payout)
    select o.project_id, o.period_no, o.option_code, count(*), sum(o.amount), sum(o.amount * o.odds / 100)
    from orders o join periods p on p.project_id = o.project_id and p.period_no = o.period_no
    where o.project_id = ${projectId} and p.drawn_at is null
    group by o.project_id, o.period_no, o.option_code
    on conflict (project_id, period_no, option_code)
    do update set orders = excluded.orders, amount = excluded.amount, possible_payout = excluded.possible_payout`.execute(trx);
}

/** Every option of a period with what has been ordered on it and what it would pay if it won (operators' `periods/exposure`), from the orders. */
export async function exposureOf(db: Kysely<Database>, projectId: string, periodNo: string) {
  const rows = await db
    .selectFrom('orders')
    .select(['option_code', sql<string | number>`count(*)`.as('orders'), sql<string | number>`sum(amount)`.as('amount'), sql<string | number>`sum(amount * odds / 100)`.as('possible')])
    .where('project_id', '=', projectId)
    .where('period_no', '=', periodNo)
    .groupBy('option_code')
    .execute();
  const byOption = new Map(rows.map((row) => [row.option_code, row]));
  return OPTION_RULES.map((rule) => {
    const row = byOption.get(rule.code);
    return {
      option: rule.code,
      orders: Number(row?.orders ?? 0),
      amount: formatMoney(Number(row?.amount ?? 0)),
      possiblePayout: formatMoney(Number(row?.possible ?? 0)),
    };
  });
}
