import { z } from 'zod';
import { pageOf, pageQueryShape } from '../accounts.js';
import { ADJUSTABLE_ACCOUNTS, moneyText } from '../money-schemas.js';
import { defineCall } from './define.js';

export const ADJUSTMENT_STATUSES = ['pending', 'approved', 'rejected'] as const;

export const adjustmentView = z.object({
  id: z.string(),
  userId: z.string(),
  username: z.string(),
  account: z.enum(ADJUSTABLE_ACCOUNTS),
  amount: z.string(),
  reason: z.string(),
  status: z.enum(ADJUSTMENT_STATUSES),
  proposedBy: z.string(),
  proposedAt: z.number(),
  decidedBy: z.string().nullable(),
  decidedAt: z.number().nullable(),
  remark: z.string(),
  /** The transfer that moved the money, once approved. */
  transferId: z.string().nullable(),
});

export const pendingAdjustments = defineCall({
  path: '/admin/api/adjustments/pending',
  access: 'operator',
  summary: 'Adjustments above the approval threshold waiting for a second operator, oldest first.',
  body: z.strictObject({ ...pageQueryShape }),
  result: pageOf(adjustmentView),
});

export const approveAdjustment = defineCall({
  path: '/admin/api/adjustments/approve',
  access: 'operator',
  summary:
    'Moves the money of a proposed adjustment, exactly once: by an admin or finance operator who did not propose it (403 SELF_APPROVAL), whose account the proposer did not create (403 APPROVER_MADE_BY_PROPOSER) and that existed 24 hours before the proposal (403 APPROVER_TOO_NEW; the first-start operator, created by nobody, excepted); an adjustment already decided is 409 ALREADY_REVIEWED. Refused like the adjustment itself when it would take the balance below zero (it stays pending).',
  success: 'REVIEWED',
  body: z.strictObject({ id: z.string().min(1).max(64) }),
  result: adjustmentView,
});

const remarkSchema = z
  .string()
  .trim()
  .max(200)
  .refine((remark) => remark.length > 0, { params: { messageKey: 'REMARK_REQUIRED' } });

export const rejectAdjustment = defineCall({
  path: '/admin/api/adjustments/reject',
  access: 'operator',
  summary: 'Refuses a proposed adjustment with a remark; no money moves. Not by its proposer; once only (409 ALREADY_REVIEWED).',
  success: 'REVIEWED',
  body: z.strictObject({
    id: z.string().min(1).max(64),
    remark: remarkSchema,
  }),
  result: adjustmentView,
});

/** A raise of adjustApprovalThreshold that waits for a second admin (a lower threshold applies at once). */
export const thresholdRaiseView = z.object({
  id: z.string(),
  /** The threshold it asks for. */
  amount: moneyText,
  /** The threshold in force now. */
  current: moneyText,
  status: z.enum(ADJUSTMENT_STATUSES),
  proposedBy: z.string(),
  proposedAt: z.number(),
  decidedBy: z.string().nullable(),
  decidedAt: z.number().nullable(),
  remark: z.string(),
});

export const pendingThresholdRaises = defineCall({
  path: '/admin/api/settings/threshold/pending',
  access: 'operator',
  summary: 'Raises of adjustApprovalThreshold waiting for a second admin, oldest first.',
  body: z.strictObject({ ...pageQueryShape }),
  result: pageOf(thresholdRaiseView),
});

export const approveThresholdRaise = defineCall({
  path: '/admin/api/settings/threshold/approve',
  access: 'operator',
  summary:
    'Sets adjustApprovalThreshold to the proposed amount, exactly once: by an admin other than the proposer, under the same rules as an adjustment\'s approval (403 SELF_APPROVAL, APPROVER_MADE_BY_PROPOSER, APPROVER_TOO_NEW); a raise already decided is 409 ALREADY_REVIEWED.',
  success: 'REVIEWED',
  body: z.strictObject({ id: z.string().min(1).max(64) }),
  result: thresholdRaiseView,
});

export const rejectThresholdRaise = defineCall({
  path: '/admin/api/settings/threshold/reject',
  access: 'operator',
  summary: 'Refuses a proposed raise of adjustApprovalThreshold with a remark; the threshold stays. Not by its proposer (403 SELF_APPROVAL); once only (409 ALREADY_REVIEWED).',
  success: 'REVIEWED',
  body: z.strictObject({ id: z.string().min(1).max(64), remark: remarkSchema }),
  result: thresholdRaiseView,
});
