import { OPERATOR_CALLS } from '@wallet/contract/core';
import { useCallMutation, useCallQuery } from '../../../api/use-call';

export function useSettings() {
  return useCallQuery(OPERATOR_CALLS.settings, {});
}

export function useSaveSettings() {
  return useCallMutation(OPERATOR_CALLS.saveSettings, { refreshes: [OPERATOR_CALLS.settings], quiet: true });
}
