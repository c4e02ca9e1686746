import { z } from 'zod';
import { moneyText } from '../money-schemas.js';
import { isCalendarDate } from '../local-days.js';
import { defineCall } from './define.js';

/** The longest range one dashboard call covers: a year and a day. */
export const DASHBOARD_MAX_DAYS = 366;

const dayFigures = z.object({
  recharged: moneyText,
  withdrawn: moneyText,
  ordered: moneyText,
  paidOut: moneyText,
  /** What the house kept from orders: ordered − paid out (negative when players won more). */
  houseResult: moneyText,
  fees: moneyText,
  newUsers: z.number().int(),
  activeUsers: z.number().int(),
});

const queue = z.object({ count: z.number().int(), oldestAt: z.number().nullable() });

/** YYYY-MM-DD: a day in the configured time zone. */
export const dateSchema = z.string().refine(isCalendarDate, { params: { messageKey: 'INVALID_FORMAT' } });

export const dashboard = defineCall({
  path: '/admin/api/dashboard',
  access: 'operator',
  summary:
    'Figures per day from `from` to `to` (YYYY-MM-DD in the configured time zone, at most 366 days; every day listed, quiet ones as zeros) with their sum, and the queues now: how many wait and since when.',
  body: z.strictObject({ from: dateSchema, to: dateSchema }),
  result: z.object({
    timeZone: z.string(),
    days: z.array(dayFigures.extend({ date: z.string() })),
    total: dayFigures,
    queues: z.object({ recharges: queue, withdrawals: queue, adjustments: queue, feedback: queue }),
  }),
});
