import { OPERATOR_CALLS } from '@wallet/contract/core';
import type { BodyOf } from '../../../api/call-types';
import { useCallMutation, useCallQuery } from '../../../api/use-call';

export function useUsers(body: BodyOf<typeof OPERATOR_CALLS.users>) {
  return useCallQuery(OPERATOR_CALLS.users, body);
}

export function useUserDetail(userId: string) {
  return useCallQuery(OPERATOR_CALLS.userDetail, { userId }, { placeholderData: undefined });
}

export function useUserStatement(body: BodyOf<typeof OPERATOR_CALLS.userStatement>) {
  return useCallQuery(OPERATOR_CALLS.userStatement, body);
}

export function useFreezeUser() {
  return useCallMutation(OPERATOR_CALLS.freezeUser, { refreshes: [OPERATOR_CALLS.users, OPERATOR_CALLS.userDetail] });
}

export function useAdjustUser() {
  // The form shows why an adjustment was refused, under its fields.
  return useCallMutation(OPERATOR_CALLS.adjustUser, {
    refreshes: [OPERATOR_CALLS.userDetail, OPERATOR_CALLS.userStatement, OPERATOR_CALLS.pendingAdjustments],
    quiet: true,
  });
}

/** The user's records, read with the lists' own calls: recharges and withdrawals by user id, orders by username, invitees by inviter. */
export function useUserRecharges(body: BodyOf<typeof OPERATOR_CALLS.recharges>) {
  return useCallQuery(OPERATOR_CALLS.recharges, body);
}

export function useUserWithdrawals(body: BodyOf<typeof OPERATOR_CALLS.withdrawals>) {
  return useCallQuery(OPERATOR_CALLS.withdrawals, body);
}

/** Waits for the username, which the user's detail brings. */
export function useUserOrders(body: BodyOf<typeof OPERATOR_CALLS.orders>, enabled: boolean) {
  return useCallQuery(OPERATOR_CALLS.orders, body, { enabled });
}
