import { sql, type Kysely, type RawBuilder } from 'kysely';
import { DASHBOARD_MAX_DAYS, dayCount, daysSpan, formatMoney, localDays, type LocalDay } from '@wallet/contract';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { LateDraws } from '../game/index.js';

interface DayRow {
  day: string;
  [figure: string]: string | number | null;
}

const FIGURES = ['recharged', 'withdrawn', 'fees', 'ordered', 'paidOut', 'houseResult', 'newUsers', 'activeUsers'] as const;
type Figure = (typeof FIGURES)[number];
const MONEY_FIGURES = new Set<Figure>(['recharged', 'withdrawn', 'fees', 'ordered', 'paidOut', 'houseResult']);

/** The days as a table both databases read: `days(day, day_start, day_end)`. */
function daysTable(days: LocalDay[]): RawBuilder<unknown> {
  const rows = days.map((d) => sql`(${d.date}, cast(${d.start} as bigint), cast(${d.end} as bigint))`);
  return sql`with days(day, day_start, day_end) as (values ${sql.join(rows)})`;
}

/**
 * Each figure is one grouped query over the days joined by time range, so
 * the database does the counting whatever the number of rows (an index on
 * each time column keeps every day a range scan).
 */
function perDay(days: LocalDay[], select: RawBuilder<unknown>, from: RawBuilder<unknown>) {
  return sql<DayRow>`${daysTable(days)} select days.day as day, ${select} from days join ${from} group by days.day`;
}

const inDay = (column: string) => sql`${sql.ref(column)} >= days.day_start and ${sql.ref(column)} < days.day_end`;

function queriesFor(days: LocalDay[]) {
  return [
    perDay(days, sql`sum(r.pay_amount) as recharged`, sql`recharges r on ${inDay('r.reviewed_at')} and r.status = 'completed'`),
    perDay(days, sql`sum(w.amount) as withdrawn, sum(w.fee) as fees`, sql`withdrawals w on ${inDay('w.reviewed_at')} and w.status = 'completed'`),
    perDay(
      days,
      sql`sum(o.amount) as ordered, sum(coalesce(o.payout, 0)) as "paidOut", sum(case when o.settled_at is null then 0 else o.amount - o.payout end) as "houseResult"`,
      sql`orders o on ${inDay('o.created_at')}`,
    ),
    perDay(days, sql`count(*) as "newUsers"`, sql`users u on ${inDay('u.created_at')}`),
    perDay(days, sql`count(distinct t.user_id) as "activeUsers"`, sql`ledger_transfers t on ${inDay('t.created_at')} and t.user_id is not null`),
  ];
}

/** How many wait in each review queue, and since when. */
export async function queues(db: Kysely<Database>) {
  const waiting = sql<{ queue: string; n: string | number; oldest: string | number | null }>`
    select 'recharges' as queue, count(*) as n, min(created_at) as oldest from recharges where status = 'review'
    union all select 'withdrawals', count(*), min(created_at) from withdrawals where status = 'review'
    union all select 'adjustments', count(*), min(proposed_at) from adjustments where status = 'pending'
    union all select 'feedback', count(*), min(created_at) from feedback where reply is null`;
  const rows = (await waiting.execute(db)).rows;
  const of = (queue: string) => {
    const row = rows.find((r) => r.queue === queue);
    return { count: Number(row?.n ?? 0), oldestAt: row?.oldest == null ? null : Number(row.oldest) };
  };
  return { recharges: of('recharges'), withdrawals: of('withdrawals'), adjustments: of('adjustments'), feedback: of('feedback') };
}

function emptyFigures(): Record<Figure, number> {
  return Object.fromEntries(FIGURES.map((figure) => [figure, 0])) as Record<Figure, number>;
}

function shown(figures: Record<Figure, number>) {
  return Object.fromEntries(FIGURES.map((figure) => [figure, MONEY_FIGURES.has(figure) ? formatMoney(figures[figure]) : figures[figure]])) as {
    [F in Figure]: F extends 'newUsers' | 'activeUsers' ? number : string;
  };
}

export function createDashboard(db: Kysely<Database>, timeZone: string, lateDraws: LateDraws) {
  return {
    async figures(input: { from: string; to: string }, now: number) {
      if (input.to < input.from) throw AppError.field('to', 'EXPIRY_ORDER');
      if (dayCount(input.from, input.to) > DASHBOARD_MAX_DAYS) throw AppError.field('to', 'RANGE_TOO_LONG', { max: DASHBOARD_MAX_DAYS });
      const days = localDays(input.from, input.to, timeZone);
      const byDay = new Map(days.map((d) => [d.date, emptyFigures()]));
      const results = await Promise.all(queriesFor(days).map((query) => query.execute(db)));
      for (const { rows } of results) {
        for (const row of rows) {
          const figures = byDay.get(row.day)!;
          for (const [key, value] of Object.entries(row)) if (key !== 'day') figures[key as Figure] = Number(value ?? 0);
        }
      }
      const total = emptyFigures();
      for (const figures of byDay.values()) for (const figure of FIGURES) total[figure] += figures[figure];
      // Active users are people, not visits: a sum over days would count one person many times.
      const span = daysSpan(input.from, input.to, timeZone);
      total.activeUsers = await activeUsersBetween(db, span.start!, span.end!);
      return {
        timeZone,
        days: days.map((d) => ({ date: d.date, ...shown(byDay.get(d.date)!) })),
        total: shown(total),
        queues: await queues(db),
        lateDraws: await lateDraws(now),
      };
    },
  };
}

async function activeUsersBetween(db: Kysely<Database>, start: number, end: number): Promise<number> {
  const row = await db
    .selectFrom('ledger_transfers')
    .select((eb) => eb.fn.count<string | number>('user_id').distinct().as('n'))
    .where('created_at', '>=', start)
    .where('created_at', '<', end)
    .where('user_id', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export type Dashboard = ReturnType<typeof createDashboard>;
