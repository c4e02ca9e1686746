import type { RechargesTable, WithdrawalsTable } from '../../db/schema.js';
import type { MessageDraft } from '../messages/index.js';

/** The user's message of a recharge decided: what was credited, or the refusal with the operator's remark. */
export function rechargeDecidedMessage(row: Pick<RechargesTable, 'user_id' | 'order_no' | 'pay_amount' | 'remark'>, approved: boolean): MessageDraft {
  const about = { userId: row.user_id, ref: row.order_no };
  const params = { orderNo: row.order_no, amount: Number(row.pay_amount) };
  return approved ? { ...about, kind: 'recharge_approved', params } : { ...about, kind: 'recharge_refused', params: { ...params, note: row.remark } };
}

/** The user's message of a withdrawal decided: paid out with its fee, or refused and returned with the operator's remark. */
export function withdrawalDecidedMessage(row: Pick<WithdrawalsTable, 'user_id' | 'order_no' | 'amount' | 'fee' | 'remark'>, approved: boolean): MessageDraft {
  const about = { userId: row.user_id, ref: row.order_no };
  const amount = Number(row.amount);
  return approved
    ? { ...about, kind: 'withdrawal_completed', params: { orderNo: row.order_no, amount, fee: Number(row.fee) } }
    : { ...about, kind: 'withdrawal_refused', params: { orderNo: row.order_no, amount, note: row.remark } };
}
