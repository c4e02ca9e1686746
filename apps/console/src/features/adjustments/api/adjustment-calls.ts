import { OPERATOR_CALLS } from '@wallet/contract/core';
import type { BodyOf } from '../../../api/call-types';
import { useCallMutation, useCallQuery } from '../../../api/use-call';

export function usePendingAdjustments(body: BodyOf<typeof OPERATOR_CALLS.pendingAdjustments>) {
  return useCallQuery(OPERATOR_CALLS.pendingAdjustments, body);
}

const AFTER_DECISION = [OPERATOR_CALLS.pendingAdjustments, OPERATOR_CALLS.dashboard, OPERATOR_CALLS.userDetail, OPERATOR_CALLS.userStatement];

export function useApproveAdjustment() {
  return useCallMutation(OPERATOR_CALLS.approveAdjustment, { refreshes: AFTER_DECISION });
}

export function useRejectAdjustment() {
  return useCallMutation(OPERATOR_CALLS.rejectAdjustment, { refreshes: AFTER_DECISION });
}

export function usePendingThresholdRaises(body: BodyOf<typeof OPERATOR_CALLS.pendingThresholdRaises>) {
  return useCallQuery(OPERATOR_CALLS.pendingThresholdRaises, body);
}

const AFTER_RAISE_DECISION = [OPERATOR_CALLS.pendingThresholdRaises, OPERATOR_CALLS.settings];

export function useApproveThresholdRaise() {
  return useCallMutation(OPERATOR_CALLS.approveThresholdRaise, { refreshes: AFTER_RAISE_DECISION });
}

export function useRejectThresholdRaise() {
  return useCallMutation(OPERATOR_CALLS.rejectThresholdRaise, { refreshes: AFTER_RAISE_DECISION });
}
