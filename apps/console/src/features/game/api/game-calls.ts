import { OPERATOR_CALLS } from '@wallet/contract/core';
import type { BodyOf } from '../../../api/call-types';
import { useCallMutation, useCallQuery } from '../../../api/use-call';

/** How often the open period's exposure is read again while it is shown. */
const EXPOSURE_REFRESH_MS = 3_000;
/** The beacon's lag and the late draws change by the second: the fairness page reads them again while it is open. */
const FAIRNESS_REFRESH_MS = 10_000;

export function useProjects() {
  return useCallQuery(OPERATOR_CALLS.projects, {});
}

export function useSaveProject() {
  // The form shows refused fields under themselves.
  return useCallMutation(OPERATOR_CALLS.saveProject, { refreshes: [OPERATOR_CALLS.projects], quiet: true });
}

export function usePeriods(body: BodyOf<typeof OPERATOR_CALLS.periods>, enabled: boolean) {
  return useCallQuery(OPERATOR_CALLS.periods, body, { enabled, refetchInterval: 10_000 });
}

export function usePeriodExposure(body: BodyOf<typeof OPERATOR_CALLS.periodExposure>, live: boolean) {
  return useCallQuery(OPERATOR_CALLS.periodExposure, body, { refetchInterval: live ? EXPOSURE_REFRESH_MS : false });
}

export function useOrders(body: BodyOf<typeof OPERATOR_CALLS.orders>) {
  return useCallQuery(OPERATOR_CALLS.orders, body);
}

export function useChases(body: BodyOf<typeof OPERATOR_CALLS.chases>) {
  return useCallQuery(OPERATOR_CALLS.chases, body);
}

export function useFairnessState(body: BodyOf<typeof OPERATOR_CALLS.fairnessState>) {
  return useCallQuery(OPERATOR_CALLS.fairnessState, body, { refetchInterval: FAIRNESS_REFRESH_MS });
}
