import { sql, type Kysely } from 'kysely';
import { formatMoney } from '@wallet/contract';
import { formatOdds } from '@wallet/contract/game';
import { offsetOf, pageOf, type PageRequest } from '../../db/page.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { readChases, type ChaseFilter } from './chase-reads.js';
import { exposureOf } from './exposure.js';
import { orderView, ordersWithPeriod } from './orders.js';
import { periodView } from './periods.js';
import { projectOf } from './projects.js';

/** What operators read of the game: periods with their figures, an open period's exposure, everyone's orders and chases. */
export function createGameOperatorReads(db: Kysely<Database>) {
  return {
    /** Newest first, with orders, amount, payout and house result summed per period of the page. */
    async periods(input: PageRequest & { projectId: string }, now: number) {
      const periods = db.selectFrom('periods').where('project_id', '=', input.projectId);
      const [rows, count] = await Promise.all([
        periods.selectAll().orderBy('draws_at', 'desc').limit(input.pageSize).offset(offsetOf(input)).execute(),
        periods.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      const sums =
        rows.length === 0
          ? []
          : await db
              .selectFrom('orders')
              .select(['period_no', sql<string | number>`count(*)`.as('orders'), sql<string | number>`sum(amount)`.as('amount'), sql<string | number | null>`sum(payout)`.as('payout')])
              .where('project_id', '=', input.projectId)
              .where('period_no', 'in', rows.map((r) => r.period_no))
              .groupBy('period_no')
              .execute();
      const byPeriod = new Map(sums.map((s) => [s.period_no, s]));
      const items = rows.map((row) => {
        const sum = byPeriod.get(row.period_no);
        const amount = Number(sum?.amount ?? 0);
        const payout = row.drawn_at === null ? null : Number(sum?.payout ?? 0);
        return {
          ...periodView(row, now),
          orders: Number(sum?.orders ?? 0),
          amount: formatMoney(amount),
          payout: payout === null ? null : formatMoney(payout),
          houseResult: payout === null ? null : formatMoney(amount - payout),
        };
      });
      return pageOf(items, count.n, input);
    },

    async exposure(input: { projectId: string; periodNo: string }, now: number) {
      const [row, projectRow] = await Promise.all([
        db.selectFrom('periods').selectAll().where('project_id', '=', input.projectId).where('period_no', '=', input.periodNo).executeTakeFirst(),
        db.selectFrom('projects').selectAll().where('id', '=', input.projectId).executeTakeFirst(),
      ]);
      if (!row || !projectRow) throw new AppError('NOT_FOUND');
      const project = projectOf(projectRow);
      const options = await exposureOf(db, input.projectId, input.periodNo);
      return {
        period: periodView(row, now),
        exposureLimit: project.exposureLimit === null ? null : formatMoney(project.exposureLimit),
        options: options.map((option) => ({ ...option, odds: formatOdds(project.odds[option.option]!) })),
      };
    },

    async orders(input: PageRequest & { projectId?: string | undefined; periodNo?: string | undefined; username?: string | undefined }) {
      let rows = ordersWithPeriod(db).innerJoin('users as u', 'u.id', 'o.user_id').select('u.username');
      if (input.projectId) rows = rows.where('o.project_id', '=', input.projectId);
      if (input.periodNo) rows = rows.where('o.period_no', '=', input.periodNo);
      if (input.username) rows = rows.where('u.username_key', '=', input.username.toLowerCase());
      const [items, count] = await Promise.all([
        rows.orderBy('o.created_at', 'desc').orderBy('o.order_no', 'desc').limit(input.pageSize).offset(offsetOf(input)).execute(),
        rows.clearSelect().select(sql<string | number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return pageOf(
        items.map((row) => ({ ...orderView(row), userId: row.user_id, username: row.username })),
        count.n,
        input,
      );
    },

    /** Everyone's chases, or one user's, each period with its state. */
    async chases(input: PageRequest & ChaseFilter) {
      return readChases(db, input, input);
    },
  };
}

export type GameOperatorReads = ReturnType<typeof createGameOperatorReads>;
