import { OPERATOR_CALLS } from '@wallet/contract/core';
import { useCallMutation } from '../../../api/use-call';

export function useChangePassword() {
  return useCallMutation(OPERATOR_CALLS.changePassword, { quiet: true });
}

export function useTotpSetup() {
  return useCallMutation(OPERATOR_CALLS.totpSetup);
}

export function useTotpEnable() {
  return useCallMutation(OPERATOR_CALLS.totpEnable, { refreshes: [OPERATOR_CALLS.me], quiet: true });
}
