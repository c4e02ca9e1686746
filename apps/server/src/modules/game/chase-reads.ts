import { sql, type Kysely } from 'kysely';
import { formatMoney, type CHASE_END_REASONS, type Language } from '@wallet/contract';
import { offsetOf, pageOf, type PageRequest } from '../../db/page.js';
import type { ChasePeriodsTable, Database } from '../../db/schema.js';
import type { OrderInput } from './orders.js';
import { projectNameIn } from './projects.js';

/** Which chases a page lists: one user's (the app), or anyone's by user, project and whether still running (the console). */
export interface ChaseFilter {
  userId?: string | undefined;
  username?: string | undefined;
  projectId?: string | undefined;
  running?: boolean | undefined;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

function chasePeriodView(row: ChasePeriodsTable, orderNos: string[]) {
  return {
    periodNo: row.period_no,
    state: row.state,
    amount: formatMoney(Number(row.amount)),
    payout: row.payout === null ? null : formatMoney(Number(row.payout)),
    reason: row.reason as (typeof CHASE_END_REASONS)[number] | null,
    orderNos,
  };
}

/** Chases newest first, each with its periods in order, the orders each placed, and whose chase it is; the project named in `lang` (none: the operator's name). */
export async function readChases(db: Kysely<Database>, filter: ChaseFilter, query: PageRequest, lang?: Language) {
  let chosen = db.selectFrom('chases as c').innerJoin('projects as p', 'p.id', 'c.project_id').innerJoin('users as u', 'u.id', 'c.user_id');
  if (filter.userId) chosen = chosen.where('c.user_id', '=', filter.userId);
  if (filter.username) chosen = chosen.where('u.username_key', '=', filter.username.toLowerCase());
  if (filter.projectId) chosen = chosen.where('c.project_id', '=', filter.projectId);
  if (filter.running !== undefined) {
    chosen = chosen.where((eb) => {
      const stillGoing = eb.exists(eb.selectFrom('chase_periods as r').select('r.seq').whereRef('r.chase_no', '=', 'c.chase_no').where('r.state', 'in', ['waiting', 'placed']));
      return filter.running ? stillGoing : eb.not(stillGoing);
    });
  }
  const [chases, count] = await Promise.all([
    chosen
      .selectAll('c')
      .select(['p.name as project_name', 'p.names as project_names', 'u.username'])
      .orderBy('c.created_at', 'desc')
      .orderBy('c.chase_no', 'desc')
      .limit(query.pageSize)
      .offset(offsetOf(query))
      .execute(),
    chosen.select(sql<string | number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const chaseNos = chases.map((chase) => chase.chase_no);
  if (chaseNos.length === 0) return pageOf([], count.n, query);
  const [periods, orders] = await Promise.all([
    db.selectFrom('chase_periods').selectAll().where('chase_no', 'in', chaseNos).orderBy('chase_no').orderBy('seq').execute(),
    db.selectFrom('chase_orders').select(['order_no', 'chase_no', 'seq']).where('chase_no', 'in', chaseNos).orderBy('order_no').execute(),
  ]);
  const orderNosOf = new Map<string, string[]>();
  for (const order of orders) {
    const key = `${order.chase_no}:${order.seq}`;
    orderNosOf.set(key, [...(orderNosOf.get(key) ?? []), order.order_no]);
  }
  const items = chases.map((chase) => {
    const own = periods.filter((period) => period.chase_no === chase.chase_no);
    const amountsIn = (...states: ChasePeriodsTable['state'][]) => sum(own.filter((p) => states.includes(p.state)).map((p) => Number(p.amount)));
    return {
      chaseNo: chase.chase_no,
      userId: chase.user_id,
      username: chase.username,
      projectId: chase.project_id,
      projectName: projectNameIn({ name: chase.project_name, names: chase.project_names }, lang),
      selections: JSON.parse(chase.selections) as OrderInput['selections'],
      stopOnWin: chase.stop_on_win === 1,
      amountPerPeriod: formatMoney(Number(chase.amount_per_period)),
      totalAmount: formatMoney(sum(own.map((p) => Number(p.amount)))),
      reserved: formatMoney(amountsIn('waiting')),
      returned: formatMoney(amountsIn('skipped', 'cancelled')),
      payout: formatMoney(sum(own.map((p) => Number(p.payout ?? 0)))),
      running: own.some((p) => p.state === 'waiting' || p.state === 'placed'),
      createdAt: Number(chase.created_at),
      periods: own.map((period) => chasePeriodView(period, orderNosOf.get(`${period.chase_no}:${period.seq}`) ?? [])),
    };
  });
  return pageOf(items, count.n, query);
}
