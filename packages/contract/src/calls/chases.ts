import { z } from 'zod';
import { pageOf, pageQueryShape } from '../accounts.js';
import { moneyText, requestIdSchema } from '../money-schemas.js';
import { defineCall } from './define.js';
import { orderSelections, periodNoSchema, projectIdSchema } from './game.js';

/**
 * A chased period: `waiting` (its amount reserved, its period not open yet),
 * `placed` (its orders wait for the draw), `won` or `lost` once drawn,
 * `skipped` (its orders were refused or its period passed; amount returned),
 * `cancelled` (by the user, or because an earlier period won; amount returned).
 * A placed period whose period was void is `skipped` with `PERIOD_VOID`: its orders were refunded in full.
 */
export const CHASE_PERIOD_STATES = ['waiting', 'placed', 'won', 'lost', 'skipped', 'cancelled'] as const;
export type ChasePeriodState = (typeof CHASE_PERIOD_STATES)[number];

/** Why a period was skipped or cancelled. */
export const CHASE_END_REASONS = ['EXPOSURE_LIMIT', 'PROJECT_DISABLED', 'QUANTITY_RANGE', 'PERIOD_MISSED', 'CANCELLED', 'STOPPED_ON_WIN', 'SELF_EXCLUDED', 'PERIOD_VOID'] as const;

export const chasePeriodView = z.object({
  periodNo: z.string(),
  state: z.enum(CHASE_PERIOD_STATES),
  /** What the period costs: reserved while waiting, ordered once placed, returned when skipped or cancelled. */
  amount: moneyText,
  /** Once drawn: what its orders paid back ("0.00" when lost). */
  payout: moneyText.nullable(),
  reason: z.enum(CHASE_END_REASONS).nullable(),
  orderNos: z.array(z.string()),
});

export const chaseView = z.object({
  chaseNo: z.string(),
  projectId: z.string(),
  projectName: z.string(),
  selections: z.array(z.object({ option: z.string(), quantity: z.number().int() })),
  stopOnWin: z.boolean(),
  amountPerPeriod: moneyText,
  totalAmount: moneyText,
  /** Still reserved: the periods waiting. */
  reserved: moneyText,
  /** Given back: skipped (a void period's orders included) and cancelled periods. */
  returned: moneyText,
  /** Paid back by the periods drawn. */
  payout: moneyText,
  /** Until no period waits or waits for its draw. */
  running: z.boolean(),
  createdAt: z.number(),
  periods: z.array(chasePeriodView),
});

export const startChase = defineCall({
  path: '/api/game/chase',
  access: 'user',
  summary:
    'Orders the same selections in 2–50 consecutive periods from startPeriodNo (open or upcoming). The whole amount is reserved at once; each period is ordered when it opens, at the odds then in force. stopOnWin: once a period pays out, the rest is cancelled and returned. Same requestId and fields → the first answer.',
  success: 'CHASE_STARTED',
  body: z.strictObject({
    projectId: projectIdSchema,
    startPeriodNo: periodNoSchema,
    periods: z.number().int().min(2).max(50),
    selections: orderSelections,
    stopOnWin: z.boolean(),
    requestId: requestIdSchema,
  }),
  result: z.object({ chaseNo: z.string(), periodNos: z.array(z.string()), amountPerPeriod: moneyText, totalAmount: moneyText, balance: moneyText }),
});

export const cancelChase = defineCall({
  path: '/api/game/chase/cancel',
  access: 'user',
  summary: 'Cancels every period of the chase not yet ordered and returns its amount to the balance; nothing left to cancel: 422 CHASE_FINISHED.',
  success: 'CHASE_CANCELLED',
  body: z.strictObject({ chaseNo: z.string().trim().min(1).max(24), requestId: requestIdSchema }),
  result: z.object({ chaseNo: z.string(), cancelledPeriodNos: z.array(z.string()), returned: moneyText, balance: moneyText }),
});

export const chaseList = defineCall({
  path: '/api/game/chases',
  access: 'user',
  summary: "The user's chases, newest first, each with every period's state and amounts.",
  body: z.strictObject({ ...pageQueryShape }),
  result: pageOf(chaseView),
});
