import { useQuery } from '@tanstack/react-query';
import { OPERATOR_CALLS } from '@wallet/contract/core';
import type { BodyOf, ItemOf } from '../../../api/call-types';
import { operatorCall } from '../../../api/client';
import { callKey, useCallMutation, useCallQuery } from '../../../api/use-call';

export function useOperators(body: BodyOf<typeof OPERATOR_CALLS.operators>) {
  return useCallQuery(OPERATOR_CALLS.operators, body);
}

type Operator = ItemOf<typeof OPERATOR_CALLS.operators>;

/** The contract's largest page. */
const PAGE_SIZE = 50;

/** Every operator, read page after page until the total: operators are few, and a picker must offer each of them. */
export function useAllOperators() {
  return useQuery({
    // Under the list's path, so saving an operator reads them again.
    queryKey: callKey(OPERATOR_CALLS.operators.path, { all: true }),
    queryFn: async () => {
      const operators: Operator[] = [];
      for (let page = 1; ; page += 1) {
        const answer = await operatorCall(OPERATOR_CALLS.operators, { page, pageSize: PAGE_SIZE });
        operators.push(...answer.items);
        if (answer.items.length === 0 || operators.length >= answer.total) return operators;
      }
    },
  });
}

export function useSaveOperator() {
  return useCallMutation(OPERATOR_CALLS.saveOperator, { refreshes: [OPERATOR_CALLS.operators], quiet: true });
}

export function useResetTotp() {
  return useCallMutation(OPERATOR_CALLS.totpReset, { refreshes: [OPERATOR_CALLS.operators] });
}
