import { keepPreviousData, useMutation, useQuery, useQueryClient, type UseQueryOptions } from '@tanstack/react-query';
import type { CallBody, CallDefinition, CallResult } from '@wallet/contract';
import type { CallRef } from '@wallet/contract/core';
import { operatorCall } from './client';

type QueryExtras<C extends CallDefinition> = Omit<UseQueryOptions<CallResult<C>, Error>, 'queryKey' | 'queryFn'>;

/** Keys start with the call's path, so a write can refresh every page of a list at once. */
export const callKey = (path: string, body?: unknown) => (body === undefined ? [path] : [path, body]);

/** Reads one call; a list keeps showing its last page while the next loads. */
export function useCallQuery<C extends CallDefinition>(call: CallRef<C>, body: CallBody<C>, options: QueryExtras<C> = {}) {
  return useQuery<CallResult<C>, Error>({
    queryKey: callKey(call.path, body),
    queryFn: () => operatorCall(call, body),
    placeholderData: keepPreviousData,
    ...options,
  });
}

/**
 * Sends one call; then the lists named in `refreshes` load again, after a
 * refusal too (another operator may have acted first). The reload is not
 * waited for: the caller hears the answer at once, even when the reload
 * removes the row that made the call.
 */
export function useCallMutation<C extends CallDefinition>(
  call: CallRef<C>,
  options: { refreshes?: readonly CallRef<CallDefinition>[]; quiet?: boolean } = {},
) {
  const client = useQueryClient();
  return useMutation<CallResult<C>, Error, CallBody<C>>({
    mutationFn: (body) => operatorCall(call, body),
    meta: options.quiet ? { quiet: true } : undefined,
    onSettled: () => {
      for (const ref of options.refreshes ?? []) void client.invalidateQueries({ queryKey: [ref.path] });
    },
  });
}
