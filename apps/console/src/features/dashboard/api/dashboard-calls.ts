import { OPERATOR_CALLS } from '@wallet/contract/core';
import { useCallQuery } from '../../../api/use-call';

/** The queues change by the minute: the dashboard reads itself again while it is open. */
const REFRESH_MS = 60_000;

export function useDashboard(from: string, to: string) {
  return useCallQuery(OPERATOR_CALLS.dashboard, { from, to }, { refetchInterval: REFRESH_MS });
}
