import { z } from 'zod';
import { pageOf, pageQueryShape } from '../accounts.js';
import { amountSchema, moneyText } from '../money-schemas.js';
import { MAX_ORDER_CENTS, isOptionCode, parseOdds, returnToPlayerBasisPoints, type OddsHundredths } from '../game/options.js';
import { isValidPeriodSeconds } from '../game/periods.js';
import { isImageUrl } from '../content-rules.js';
import { defineCall } from './define.js';
import { fieldRule } from './feedback.js';
import { chaseView } from './chases.js';
import { VOID_REASONS, orderView, periodNoSchema, periodView } from './game.js';
import { lateDraw } from './operator-dashboard.js';

const projectIdSchema = z.string().regex(/^[a-z0-9-]{1,32}$/);

/** No option may pay back more than is ordered on it on average: odds like 195.00 for 1.95 are a typo, not a promotion. */
const MAX_RETURN_TO_PLAYER_BASIS_POINTS = 10_000;

const oddsInput = z.record(z.string(), z.string()).transform((odds, ctx) => {
  const parsed: Record<string, OddsHundredths> = {};
  for (const [code, text] of Object.entries(odds)) {
    const path = [code];
    const value = parseOdds(text);
    if (!isOptionCode(code)) ctx.addIssue({ code: 'custom', path, message: 'OPTION_UNKNOWN', params: { messageKey: 'OPTION_UNKNOWN' } });
    else if (value === undefined) ctx.addIssue({ code: 'custom', path, message: 'ODDS_RULE', params: { messageKey: 'ODDS_RULE' } });
    else if (returnToPlayerBasisPoints(code, value) > MAX_RETURN_TO_PLAYER_BASIS_POINTS) {
      ctx.addIssue({ code: 'custom', path, message: 'ODDS_RETURN_RULE', params: { messageKey: 'ODDS_RETURN_RULE' } });
    } else parsed[code] = value;
  }
  return parsed;
});

const timingView = z.object({ periodSeconds: z.number().int(), lockSeconds: z.number().int() });

export const operatorProjectView = z.object({
  id: z.string(),
  name: z.string(),
  cover: z.string(),
  /** The timing of the period running now. */
  periodSeconds: z.number().int(),
  lockSeconds: z.number().int(),
  /** A saved change of timing and the local midnight (epoch ms) it starts at. */
  nextTiming: timingView.extend({ from: z.number() }).nullable(),
  unitAmount: moneyText,
  minQuantity: z.number().int(),
  maxQuantity: z.number().int(),
  /** Every option code → its odds, two decimals. */
  odds: z.record(z.string(), z.string()),
  /** The most one option of a period may pay out together; null: no limit. */
  exposureLimit: moneyText.nullable(),
  enabled: z.boolean(),
  createdAt: z.number(),
  updatedAt: z.number(),
});

export const listProjects = defineCall({
  path: '/admin/api/projects',
  access: 'operator',
  summary: 'Every project, enabled or not, with its odds per option, limits and any timing change waiting for midnight.',
  body: z.strictObject({}),
  result: z.array(operatorProjectView),
});

export const saveProject = defineCall({
  path: '/admin/api/projects/save',
  access: 'operator',
  summary:
    'Creates a project (no id, or a new id) or changes one (audited, before and after). A new project starts at its next period boundary; a changed timing applies from the next local midnight, since a period once created never changes. Odds, cover, minimum quantity and exposure limit not sent keep their value (a new project: the default odds, no cover, 1, no limit); a cover is an upload of ours or an https image on a host the server allows (CONTENT_IMAGE_HOSTS), as in content, and an empty one removes it; exposureLimit null removes the limit. One order may cost at most 1 000 000 000.00 (unit amount × maximum quantity).',
  success: 'SAVED',
  body: z
    .strictObject({
      id: projectIdSchema.optional(),
      name: z.string().trim().min(1).max(60),
      cover: z
        .string()
        .trim()
        .max(300)
        .refine((url) => url === '' || isImageUrl(url), fieldRule('IMAGE_URL_RULE'))
        .optional(),
      periodSeconds: z.number().int().refine(isValidPeriodSeconds, { message: 'PERIOD_SECONDS_RULE', params: { messageKey: 'PERIOD_SECONDS_RULE' } }),
      lockSeconds: z.number().int().min(0).max(86_399),
      unitAmount: amountSchema,
      minQuantity: z.number().int().min(1).max(1_000_000).optional(),
      maxQuantity: z.number().int().min(1).max(1_000_000),
      odds: oddsInput.default({}),
      exposureLimit: amountSchema.nullable().optional(),
      enabled: z.boolean(),
    })
    .refine((p) => p.lockSeconds < p.periodSeconds, { path: ['lockSeconds'], message: 'LOCK_SECONDS_RULE', params: { messageKey: 'LOCK_SECONDS_RULE' } })
    .refine((p) => p.minQuantity === undefined || p.minQuantity <= p.maxQuantity, {
      path: ['maxQuantity'],
      message: 'QUANTITY_LIMITS_ORDER',
      params: { messageKey: 'QUANTITY_LIMITS_ORDER' },
    })
    .superRefine((p, ctx) => {
      if (p.unitAmount * p.maxQuantity > MAX_ORDER_CENTS) {
        ctx.addIssue({ code: 'custom', path: ['maxQuantity'], message: 'TOO_BIG', params: { messageKey: 'TOO_BIG', max: Math.floor(MAX_ORDER_CENTS / p.unitAmount) } });
      }
    }),
  result: operatorProjectView,
});

export const operatorPeriodView = periodView.extend({
  orders: z.number().int(),
  /** What was ordered in the period. */
  amount: moneyText,
  /** Once drawn: what was paid back, and amount − payout (negative: the house lost). */
  payout: moneyText.nullable(),
  houseResult: moneyText.nullable(),
});

export const listPeriods = defineCall({
  path: '/admin/api/periods',
  access: 'operator',
  summary: "A project's periods, newest first, each with its orders, the amount ordered, the payout and the house result.",
  body: z.strictObject({ projectId: projectIdSchema, ...pageQueryShape }),
  result: pageOf(operatorPeriodView),
});

export const periodExposure = defineCall({
  path: '/admin/api/periods/exposure',
  access: 'operator',
  summary: 'For one period, every option with its orders, the amount ordered and what it would pay out if it won; the project\'s exposure limit beside it.',
  body: z.strictObject({ projectId: projectIdSchema, periodNo: periodNoSchema }),
  result: z.object({
    period: periodView,
    exposureLimit: moneyText.nullable(),
    options: z.array(z.object({ option: z.string(), odds: z.string(), orders: z.number().int(), amount: moneyText, possiblePayout: moneyText })),
  }),
});

export const listOrders = defineCall({
  path: '/admin/api/orders',
  access: 'operator',
  summary: 'Orders, newest first; filter by project, period and username.',
  body: z.strictObject({
    projectId: projectIdSchema.optional(),
    periodNo: periodNoSchema.optional(),
    username: z.string().trim().min(1).max(64).optional(),
    ...pageQueryShape,
  }),
  result: pageOf(orderView.extend({ userId: z.string(), username: z.string() })),
});

export const listChases = defineCall({
  path: '/admin/api/chases',
  access: 'operator',
  summary: "Chases, newest first, each with every period's state and amounts and whose chase it is; filter by user (id or username), project and whether still running.",
  body: z.strictObject({
    userId: z.string().trim().min(1).max(64).optional(),
    username: z.string().trim().min(1).max(64).optional(),
    projectId: projectIdSchema.optional(),
    running: z.boolean().optional(),
    ...pageQueryShape,
  }),
  result: pageOf(chaseView.extend({ userId: z.string(), username: z.string() })),
});

export const fairnessState = defineCall({
  path: '/admin/api/fairness',
  access: 'operator',
  summary:
    "The draw's health: the beacon as the instance answering sees it (its chain; its newest round, asked for now and checked against the pinned key, and how old it is; the last round a draw had; the last failure), the draws late now, and the void periods, newest first, with why.",
  body: z.strictObject({ ...pageQueryShape }),
  result: z.object({
    beacon: z
      .object({
        url: z.string(),
        chainHash: z.string().nullable(),
        genesisTime: z.number().int().nullable(),
        period: z.number().int().nullable(),
        timeoutSeconds: z.number().int(),
        /** The newest round published, fetched and checked for this answer; null when that failed (see latestError). */
        latest: z.object({ round: z.number().int(), at: z.number(), lagSeconds: z.number() }).nullable(),
        latestError: z.string().nullable(),
        /** The newest round a draw on this instance fetched and verified. */
        lastRound: z.number().int().nullable(),
        lastRoundAt: z.number().nullable(),
        lastError: z.object({ reason: z.enum(VOID_REASONS), round: z.number().int().nullable(), at: z.number(), detail: z.string() }).nullable(),
      })
      .nullable(),
    lateDraws: z.array(lateDraw),
    voided: pageOf(operatorPeriodView.extend({ projectName: z.string() })),
  }),
});
