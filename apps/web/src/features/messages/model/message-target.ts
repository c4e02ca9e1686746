import type { MessageKind } from '@wallet/contract/core';
import { PATHS } from '../../../navigation/paths';

/** The page that holds the record a message is about. */
export const MESSAGE_TARGETS: Record<MessageKind, string> = {
  order_result: PATHS.orderRecords,
  period_void: PATHS.orderRecords,
  recharge_approved: PATHS.rechargeRecords,
  recharge_refused: PATHS.rechargeRecords,
  withdrawal_completed: PATHS.withdrawRecords,
  withdrawal_refused: PATHS.withdrawRecords,
  adjustment: PATHS.statement,
  chase_finished: PATHS.chases,
  feedback_reply: PATHS.feedback,
};
