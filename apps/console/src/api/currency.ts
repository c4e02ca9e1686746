import { useQuery } from '@tanstack/react-query';
import { OPERATOR_CALLS } from '@wallet/contract/core';
import { operatorCall } from './client';
import { useSession } from './session';
import { callKey } from './use-call';

/**
 * The operator's currency symbol (setting `currency`), which every amount
 * shows, from the `me` answer the layout already asks for: an amount never
 * asks the server itself. Undefined until that answer is there.
 */
export function useCurrencySymbol(): string | undefined {
  const session = useSession();
  const { data } = useQuery({
    queryKey: callKey(OPERATOR_CALLS.me.path, session?.token),
    queryFn: () => operatorCall(OPERATOR_CALLS.me, {}),
    enabled: false,
  });
  return data?.currency?.symbol;
}
