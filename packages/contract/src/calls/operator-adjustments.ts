import { z } from 'zod';
import { pageOf, pageQueryShape } from '../accounts.js';
import { ADJUSTABLE_ACCOUNTS } from '../money-schemas.js';
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
    'Moves the money of a proposed adjustment, exactly once: by an admin or finance operator who did not propose it (403 SELF_APPROVAL otherwise); an adjustment already decided is 409 ALREADY_REVIEWED. Refused like the adjustment itself when it would take the balance below zero (it stays pending).',
  success: 'REVIEWED',
  body: z.strictObject({ id: z.string().min(1).max(64) }),
  result: adjustmentView,
});

export const rejectAdjustment = defineCall({
  path: '/admin/api/adjustments/reject',
  access: 'operator',
  summary: 'Refuses a proposed adjustment with a remark; no money moves. Not by its proposer; once only (409 ALREADY_REVIEWED).',
  success: 'REVIEWED',
  body: z.strictObject({
    id: z.string().min(1).max(64),
    remark: z
      .string()
      .trim()
      .max(200)
      .refine((remark) => remark.length > 0, { params: { messageKey: 'REMARK_REQUIRED' } }),
  }),
  result: adjustmentView,
});
