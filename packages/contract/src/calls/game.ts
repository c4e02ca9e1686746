import { z } from 'zod';
import { pageOf, pageQueryShape } from '../accounts.js';
import { moneyText, requestIdSchema } from '../money-schemas.js';
import { isOptionCode } from '../game/options.js';
import { defineCall } from './define.js';

export const projectIdSchema = z.string().trim().min(1).max(32);
/** `YYYYMMDD` and the period's place in the day, 4 digits (5 when a day has more than 9 999). */
export const periodNoSchema = z.string().trim().regex(/^\d{12,13}$/);

/**
 * Why a period was void (PRODUCT §6): its beacon round could not be had in
 * time, and what went wrong the last time it was asked for: no answer, not
 * published yet, a signature (or randomness) that does not check, another round.
 */
export const VOID_REASONS = ['BEACON_UNREACHABLE', 'BEACON_NOT_PUBLISHED', 'BEACON_BAD_SIGNATURE', 'BEACON_WRONG_ROUND'] as const;
export type VoidReason = (typeof VOID_REASONS)[number];

const hex64 = z.string();

/** A period as every user sees it; the seed only once drawn (or void), when it can no longer change anything. */
export const periodView = z.object({
  projectId: z.string(),
  periodNo: z.string(),
  /** `void`: its beacon round could not be had in time; every order refunded in full. */
  status: z.enum(['upcoming', 'open', 'locked', 'drawn', 'void']),
  opensAt: z.number(),
  locksAt: z.number(),
  drawsAt: z.number(),
  /** SHA-256 of the server seed, lowercase hex: published before the period opens. */
  serverSeedHash: z.string(),
  /** Revealed after the draw: 64 lowercase hex characters. */
  serverSeed: z.string().nullable(),
  dice: z.tuple([z.number().int(), z.number().int(), z.number().int()]).nullable(),
  sum: z.number().int().nullable(),
  /** Fixed at the lock: the Merkle root (SHA-256, lowercase hex) of the period's orders, how many and their amount. */
  ordersRoot: hex64.nullable(),
  orderCount: z.number().int().nullable(),
  orderedAmount: moneyText.nullable(),
  /** With a beacon: the round named when the period was created; its randomness and signature (lowercase hex) once drawn. */
  beaconRound: z.number().int().nullable(),
  beaconRandomness: hex64.nullable(),
  beaconSignature: z.string().nullable(),
  voidReason: z.enum(VOID_REASONS).nullable(),
});

const optionView = z.object({
  code: z.string(),
  group: z.string(),
  /** Two decimals, e.g. "1.95". */
  odds: z.string(),
  /** The average share of the amount ordered that goes back to players, e.g. "0.9479". */
  returnToPlayer: z.string(),
});

export const projectView = z.object({
  id: z.string(),
  name: z.string(),
  periodSeconds: z.number().int(),
  lockSeconds: z.number().int(),
  unitAmount: moneyText,
  minQuantity: z.number().int(),
  maxQuantity: z.number().int(),
  options: z.array(optionView),
  current: periodView.nullable(),
});

export const gameProjects = defineCall({
  path: '/api/game/projects',
  access: 'user',
  summary: 'The open projects, each with every option (code, odds, return to player) and its current period.',
  body: z.strictObject({}),
  result: z.array(projectView),
});

export const gamePeriod = defineCall({
  path: '/api/game/period',
  access: 'user',
  summary:
    "The period whose time window holds the server's clock, the next period's seed hash and number (orders take it once the period shown locks), the server time (count down from it, not the phone's clock) and the last drawn periods.",
  body: z.strictObject({ projectId: projectIdSchema }),
  result: periodView.extend({ nextSeedHash: z.string().nullable(), next: z.object({ periodNo: z.string(), opensAt: z.number(), locksAt: z.number(), drawsAt: z.number() }).nullable(), serverTime: z.number(), recent: z.array(periodView) }),
});

export const gameHistory = defineCall({
  path: '/api/game/history',
  access: 'user',
  summary: 'Drawn periods, newest first, each with dice, sum, the revealed server seed and the hash published before it.',
  body: z.strictObject({ projectId: projectIdSchema, ...pageQueryShape }),
  result: pageOf(periodView),
});

export const gameTrend = defineCall({
  path: '/api/game/trend',
  access: 'user',
  summary:
    'Over the last 100 drawn periods (fewer while there are fewer): how often each sum and each face came, and for how many periods each face and each sum has been missing.',
  body: z.strictObject({ projectId: projectIdSchema }),
  result: z.object({
    periods: z.number().int(),
    /** Keyed by the sum, "3" … "18". */
    sums: z.record(z.string(), z.object({ hits: z.number().int(), missing: z.number().int() })),
    /** Keyed by the face, "1" … "6"; hits count dice, so a triple of 4 counts three 4s. */
    faces: z.record(z.string(), z.object({ hits: z.number().int(), missing: z.number().int() })),
  }),
});

const selectionSchema = z.strictObject({
  option: z.string().refine(isOptionCode, { message: 'OPTION_UNKNOWN', params: { messageKey: 'OPTION_UNKNOWN' } }),
  quantity: z.number().int().min(1).max(1_000_000),
});

/** 1–20 options, none twice: what one order (or each period of a chase) buys. */
export const orderSelections = z
  .array(selectionSchema)
  .min(1)
  .max(20)
  .refine((selections) => new Set(selections.map((s) => s.option)).size === selections.length, {
    message: 'OPTION_REPEATED',
    params: { messageKey: 'OPTION_REPEATED' },
  });

export const orderView = z.object({
  orderNo: z.string(),
  projectId: z.string(),
  projectName: z.string(),
  periodNo: z.string(),
  option: z.string(),
  quantity: z.number().int(),
  amount: moneyText,
  /** The odds when ordered, two decimals. */
  odds: z.string(),
  /** Once drawn: what was paid back (0.00 when lost) and payout − amount. */
  payout: moneyText.nullable(),
  profit: moneyText.nullable(),
  /** Settled with the draw (the seed's "reviewed"), or refunded with its period void. */
  audited: z.boolean(),
  /** Its period was void: the whole amount came back (payout = amount, profit 0.00). */
  voided: z.boolean(),
  dice: z.tuple([z.number().int(), z.number().int(), z.number().int()]).nullable(),
  createdAt: z.number(),
});

export const placeOrder = defineCall({
  path: '/api/game/order',
  access: 'user',
  summary:
    'Orders 1–20 options of one open period, all or none; each costs quantity × the unit amount, taken from the balance at once. After the lock: 422 PERIOD_CLOSED. Same requestId and fields → the first answer.',
  success: 'ORDER_PLACED',
  body: z.strictObject({
    projectId: projectIdSchema,
    periodNo: periodNoSchema,
    selections: orderSelections,
    requestId: requestIdSchema,
  }),
  result: z.object({ orders: z.array(orderView), balance: moneyText }),
});

export const orderList = defineCall({
  path: '/api/game/orders',
  access: 'user',
  summary: "The user's orders (the seed's order records), newest first; optionally of one project (and one of its periods), or only settled (audited) or only waiting.",
  body: z.strictObject({ projectId: projectIdSchema.optional(), periodNo: periodNoSchema.optional(), audited: z.boolean().optional(), ...pageQueryShape }),
  result: pageOf(orderView),
});

export const orderProof = defineCall({
  path: '/api/game/orderProof',
  access: 'user',
  summary:
    "The path from one of the user's orders to its period's orders root, fixed at the lock: `leaf` is SHA-256 of `orderNo:option:quantity:amount`, each step's `side` says where its `hash` sits beside the node climbing (left: SHA-256(hash ‖ node)), the last node is `root`. Before the lock: 422 PERIOD_NOT_LOCKED; another user's order or none: 404 NOT_FOUND.",
  body: z.strictObject({ orderNo: z.string().trim().min(1).max(40) }),
  result: z.object({
    leaf: z.string(),
    path: z.array(z.object({ side: z.enum(['left', 'right']), hash: z.string() })),
    root: z.string(),
  }),
});
