import { OPERATOR_CALLS } from '@wallet/contract/core';
import type { BodyOf } from '../../../api/call-types';
import { useCallMutation, useCallQuery } from '../../../api/use-call';

export function useRecharges(body: BodyOf<typeof OPERATOR_CALLS.recharges>) {
  return useCallQuery(OPERATOR_CALLS.recharges, body);
}

export function useWithdrawals(body: BodyOf<typeof OPERATOR_CALLS.withdrawals>) {
  return useCallQuery(OPERATOR_CALLS.withdrawals, body);
}

/** A review changes the queue, the dashboard's figures and the user's money. */
const AFTER_REVIEW = [OPERATOR_CALLS.dashboard, OPERATOR_CALLS.userDetail, OPERATOR_CALLS.userStatement];

export function useReviewRecharge() {
  return useCallMutation(OPERATOR_CALLS.reviewRecharge, { refreshes: [OPERATOR_CALLS.recharges, ...AFTER_REVIEW] });
}

export function useReviewWithdrawal() {
  return useCallMutation(OPERATOR_CALLS.reviewWithdrawal, { refreshes: [OPERATOR_CALLS.withdrawals, ...AFTER_REVIEW] });
}
