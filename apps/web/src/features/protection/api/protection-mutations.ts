import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { CALLS, type CallRef } from '@wallet/contract/core';
import type { CallBody, CallDefinition } from '@wallet/contract';
import { QUIET, callMutation } from '../../../api/call-mutation';
import type { CallOptions } from '../../../api/client';
import { ACCOUNT_QUERY_KEY } from '../../../api/session';
import { playerLimitsQuery, realityCheckQuery, type PlayerProtection } from './protection-queries';

/** A change answers the whole protection as it now stands. Quiet for a form, which shows a failure itself; else toasted. */
function useProtectionChange<C extends CallDefinition>(call: CallRef<C>, options: CallOptions, after?: (queryClient: QueryClient, body: CallBody<C>) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    ...callMutation(call, options),
    onSuccess: (view, body) => {
      after?.(queryClient, body);
      queryClient.setQueryData(playerLimitsQuery.queryKey, view as PlayerProtection);
    },
  });
}

/** A break cancels and refunds the waiting chases: balances and lists are asked for again when next shown. */
const refreshAccount = (queryClient: QueryClient) => void queryClient.invalidateQueries({ queryKey: ACCOUNT_QUERY_KEY, refetchType: 'none' });

/** A limit (saving the one in force cancels a change waiting for it), or the reality check's interval, which the reminder then follows. */
export const useSaveLimit = (options: CallOptions = QUIET) =>
  useProtectionChange(CALLS.saveLimit, options, (queryClient, body) => {
    if (body.kind === 'realityCheck') void queryClient.invalidateQueries({ queryKey: realityCheckQuery.queryKey });
  });

export const useTakeTimeout = () => useProtectionChange(CALLS.takeTimeout, {}, refreshAccount);

export const useSelfExclude = () => useProtectionChange(CALLS.selfExclude, QUIET, refreshAccount);
