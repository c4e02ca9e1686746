import { useMutation, useQueryClient, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { CALLS } from '@wallet/contract/core';
import { useState } from 'react';
import { ApiError } from '../../../api/api-error';
import { QUIET } from '../../../api/call-mutation';
import type { BodyOf, ResultOf } from '../../../api/call-types';
import { callApi } from '../../../api/client';
import { ORDERS_QUERY_KEY, gamePeriodQueryKey } from './game-queries';
import { assetsQuery, refreshMoney, type Assets } from '../../money';
import { createRequestIds, type RequestIds } from '../../../api/request-id';

/** What the user confirms; the mutation adds the request id. */
export type OrderFields = Omit<BodyOf<typeof CALLS.placeOrder>, 'requestId'>;
export type PlacedOrders = ResultOf<typeof CALLS.placeOrder>;

/** Answers after which the period shown is out of date: it locked or drew while the user confirmed. */
const PERIOD_REASONS = new Set(['PERIOD_CLOSED']);

/**
 * An order of one or more selections. The request id follows the fields: the
 * confirm pins them when it opens, so a retry of it (no answer came) sends
 * the same id even once the page shows the next period, and a new confirm,
 * on another period or after the server answered, a new one.
 */
export function placeOrderMutation(queryClient: QueryClient, ids: RequestIds): UseMutationOptions<PlacedOrders, Error, OrderFields> {
  return {
    mutationFn: (fields) => callApi(CALLS.placeOrder, { ...fields, requestId: ids.idFor(JSON.stringify(fields)) }, QUIET),
    onSuccess: ({ balance }) => {
      // The answer carries the new balance: shown at once, the rest of the assets follow.
      queryClient.setQueryData<Assets>(assetsQuery.queryKey, (assets) => assets && { ...assets, balance });
      void refreshMoney(queryClient);
      void queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
    },
    onError: (error, fields) => {
      if (!(error instanceof ApiError)) return;
      if (PERIOD_REASONS.has(error.reason)) void queryClient.invalidateQueries({ queryKey: gamePeriodQueryKey(fields.projectId) });
      if (error.reason === 'INSUFFICIENT_BALANCE') void refreshMoney(queryClient);
    },
    onSettled: (_result, error) => ids.settle(error ?? undefined),
  };
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  const [ids] = useState(() => createRequestIds());
  return useMutation(placeOrderMutation(queryClient, ids));
}
