import { z } from 'zod';
import { moneyText } from '../money-schemas.js';
import { defineCall } from './define.js';

/** What opens a stream of live results: single use, for a short while (an EventSource cannot sign its request). */
export const eventsTicket = defineCall({
  path: '/api/events/ticket',
  access: 'user',
  summary: 'A single-use ticket that opens GET /api/events?ticket=… (text/event-stream) within expiresIn seconds.',
  body: z.strictObject({}),
  result: z.object({ ticket: z.string(), expiresIn: z.number().int() }),
});

const dice = z.tuple([z.number().int(), z.number().int(), z.number().int()]);

/** `period`: a period was created, opened, locked, drawn or void (its orders refunded: each user hears a `balance` with cause `order_voided`). */
export const periodEvent = z.object({
  projectId: z.string(),
  periodNo: z.string(),
  status: z.enum(['upcoming', 'open', 'locked', 'drawn', 'void']),
  opensAt: z.number(),
  locksAt: z.number(),
  drawsAt: z.number(),
  dice: dice.nullable(),
});

/** The user's money right after a movement, as `user/assets` would read it then. */
const balanceAfter = { balance: moneyText, freeze: moneyText, coin: z.number().int() };

/** `settled`: the user's own orders of a period just drawn, with what they paid. */
export const settledEvent = z.object({
  projectId: z.string(),
  periodNo: z.string(),
  dice,
  orders: z.array(z.object({ orderNo: z.string(), amount: moneyText, payout: moneyText, profit: moneyText })),
  payout: moneyText,
  profit: moneyText,
  ...balanceAfter,
});

/** `balance`: the user's money moved (a recharge approved, a withdrawal completed or refused, an adjustment, a chase refund, a void period's refund). */
export const balanceEvent = z.object({
  /** The ledger's transfer kind, e.g. recharge_approved. */
  cause: z.string(),
  /** The record it belongs to: an order number or an adjustment's reference. */
  reference: z.string(),
  ...balanceAfter,
});

/** `notice`: a notice was published; its texts are read with notice/detail in the reader's language. */
export const noticeEvent = z.object({ id: z.string(), publishAt: z.number() });

export const LIVE_EVENT_SCHEMAS = { period: periodEvent, settled: settledEvent, balance: balanceEvent, notice: noticeEvent } as const;
export type LiveEventType = keyof typeof LIVE_EVENT_SCHEMAS;
export type LiveEventData<T extends LiveEventType> = z.infer<(typeof LIVE_EVENT_SCHEMAS)[T]>;
