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

/** A period past its draw time by more than the grace (LATE_DRAW_SECONDS) and neither drawn nor void. */
export const LATE_DRAW_SECONDS = 15;

export const lateDraw = z.object({
  projectId: z.string(),
  projectName: z.string(),
  periodNo: z.string(),
  drawsAt: z.number(),
  lateSeconds: z.number().int(),
  /** It names a beacon round: the draw waits for it, and is void if it does not come in time. */
  waitingForBeacon: z.boolean(),
});

/** YYYY-MM-DD: a day in the configured time zone. */
export const dateSchema = z.string().refine(isCalendarDate, { params: { messageKey: 'INVALID_FORMAT' } });

export const dashboard = defineCall({
  path: '/admin/api/dashboard',
  access: 'operator',
  summary:
    'Figures per day from `from` to `to` (YYYY-MM-DD in the configured time zone, at most 366 days; every day listed, quiet ones as zeros) with their sum, the queues now (how many wait and since when), and the draws late now.',
  body: z.strictObject({ from: dateSchema, to: dateSchema }),
  result: z.object({
    timeZone: z.string(),
    days: z.array(dayFigures.extend({ date: z.string() })),
    total: dayFigures,
    queues: z.object({ recharges: queue, withdrawals: queue, adjustments: queue, feedback: queue }),
    lateDraws: z.array(lateDraw),
  }),
});
