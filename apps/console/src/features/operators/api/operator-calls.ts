import { OPERATOR_CALLS } from '@wallet/contract/core';
import type { BodyOf } from '../../../api/call-types';
import { useCallMutation, useCallQuery } from '../../../api/use-call';

export function useOperators(body: BodyOf<typeof OPERATOR_CALLS.operators>) {
  return useCallQuery(OPERATOR_CALLS.operators, body);
}

export function useSaveOperator() {
  return useCallMutation(OPERATOR_CALLS.saveOperator, { refreshes: [OPERATOR_CALLS.operators], quiet: true });
}

export function useResetTotp() {
  return useCallMutation(OPERATOR_CALLS.totpReset, { refreshes: [OPERATOR_CALLS.operators] });
}
