/**
 * What the user should not miss (PRODUCT §12), kept as a message of one of
 * these kinds with its parameters and worded in the reader's language when
 * read: a settled period's result, a void period's refund, a recharge or withdrawal decided, an
 * adjustment, a chase that ended, a reply to feedback.
 */
export const MESSAGE_KINDS = [
  'order_result',
  'period_void',
  'recharge_approved',
  'recharge_refused',
  'withdrawal_completed',
  'withdrawal_refused',
  'adjustment',
  'chase_finished',
  'feedback_reply',
] as const;

export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** How a chase ended: every period done, stopped by a win, or cancelled by the user. */
export const CHASE_OUTCOMES = ['completed', 'stopped', 'cancelled'] as const;

export type ChaseOutcome = (typeof CHASE_OUTCOMES)[number];

/** The texts of the messages, by key in the catalogues' `inbox` section. */
export type InboxKey =
  | 'ORDER_RESULT_TITLE'
  | 'ORDER_RESULT_BODY'
  | 'PERIOD_VOID_TITLE'
  | 'PERIOD_VOID_BODY'
  | 'RECHARGE_APPROVED_TITLE'
  | 'RECHARGE_APPROVED_BODY'
  | 'RECHARGE_REFUSED_TITLE'
  | 'RECHARGE_REFUSED_BODY'
  | 'WITHDRAWAL_COMPLETED_TITLE'
  | 'WITHDRAWAL_COMPLETED_BODY'
  | 'WITHDRAWAL_REFUSED_TITLE'
  | 'WITHDRAWAL_REFUSED_BODY'
  | 'ADJUSTMENT_TITLE'
  | 'ADJUSTMENT_BALANCE_BODY'
  | 'ADJUSTMENT_POINTS_BODY'
  | 'CHASE_COMPLETED_TITLE'
  | 'CHASE_COMPLETED_BODY'
  | 'CHASE_STOPPED_TITLE'
  | 'CHASE_STOPPED_BODY'
  | 'CHASE_CANCELLED_TITLE'
  | 'CHASE_CANCELLED_BODY'
  | 'FEEDBACK_REPLY_TITLE'
  | 'FEEDBACK_REPLY_BODY'
  | 'NOTE';
