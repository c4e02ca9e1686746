import { z } from 'zod';
import { pageOf, pageQueryShape } from '../accounts.js';
import { moneyText } from '../money-schemas.js';
import { defineCall } from './define.js';

const projectIdSchema = z.string().trim().min(1).max(32);

/** A period as every user sees it; the seed only once drawn, when it can no longer change anything. */
export const periodView = z.object({
  projectId: z.string(),
  periodNo: z.string(),
  status: z.enum(['upcoming', 'open', 'locked', 'drawn']),
  opensAt: z.number(),
  locksAt: z.number(),
  drawsAt: z.number(),
  /** SHA-256 of the server seed, lowercase hex: published before the period opens. */
  serverSeedHash: z.string(),
  /** Revealed after the draw: 64 lowercase hex characters. */
  serverSeed: z.string().nullable(),
  dice: z.tuple([z.number().int(), z.number().int(), z.number().int()]).nullable(),
  sum: z.number().int().nullable(),
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
    "The period whose time window holds the server's clock, the next period's seed hash, the server time (count down from it, not the phone's clock) and the last drawn periods.",
  body: z.strictObject({ projectId: projectIdSchema }),
  result: periodView.extend({ nextSeedHash: z.string().nullable(), serverTime: z.number(), recent: z.array(periodView) }),
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
