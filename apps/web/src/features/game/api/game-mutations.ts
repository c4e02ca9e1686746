import { useMutation, useQueryClient, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { CALLS } from '@wallet/contract/core';
import { useState } from 'react';
import { ApiError } from '../../../api/api-error';
import { QUIET } from '../../../api/call-mutation';
import type { BodyOf, ResultOf } from '../../../api/call-types';
import { callApi } from '../../../api/client';
import { CHASES_QUERY_KEY, ORDERS_QUERY_KEY, gamePeriodQueryKey } from './game-queries';
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
    onSuccess: ({ balance }) => showBalance(queryClient, balance),
    onError: (error, fields) => refreshAfterRefusal(queryClient, error, fields.projectId),
    onSettled: (_result, error) => ids.settle(error ?? undefined),
  };
}

/** The answer carries the new balance: shown at once, the rest of the assets, the orders and the chases follow. */
function showBalance(queryClient: QueryClient, balance: string) {
  queryClient.setQueryData<Assets>(assetsQuery.queryKey, (assets) => assets && { ...assets, balance });
  void refreshMoney(queryClient);
  void queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
  void queryClient.invalidateQueries({ queryKey: CHASES_QUERY_KEY });
}

function refreshAfterRefusal(queryClient: QueryClient, error: Error, projectId: string) {
  if (!(error instanceof ApiError)) return;
  if (PERIOD_REASONS.has(error.reason)) void queryClient.invalidateQueries({ queryKey: gamePeriodQueryKey(projectId) });
  if (error.reason === 'INSUFFICIENT_BALANCE') void refreshMoney(queryClient);
}

/** What the user confirms for a chase; the mutation adds the request id. */
export type ChaseFields = Omit<BodyOf<typeof CALLS.startChase>, 'requestId'>;
export type StartedChase = ResultOf<typeof CALLS.startChase>;

/** A chase, retried with the same request id as an order is (see placeOrderMutation). */
export function startChaseMutation(queryClient: QueryClient, ids: RequestIds): UseMutationOptions<StartedChase, Error, ChaseFields> {
  return {
    mutationFn: (fields) => callApi(CALLS.startChase, { ...fields, requestId: ids.idFor(JSON.stringify(fields)) }, QUIET),
    onSuccess: ({ balance }) => showBalance(queryClient, balance),
    onError: (error, fields) => refreshAfterRefusal(queryClient, error, fields.projectId),
    onSettled: (_result, error) => ids.settle(error ?? undefined),
  };
}

export type CancelledChase = ResultOf<typeof CALLS.cancelChase>;

/** Cancels what of a chase still waits; a retry of the same chase's cancel without an answer sends the same request id. */
export function cancelChaseMutation(queryClient: QueryClient, ids: RequestIds): UseMutationOptions<CancelledChase, Error, string> {
  return {
    mutationFn: (chaseNo) => callApi(CALLS.cancelChase, { chaseNo, requestId: ids.idFor(chaseNo) }, QUIET),
    onSuccess: ({ balance }) => showBalance(queryClient, balance),
    onError: () => void queryClient.invalidateQueries({ queryKey: CHASES_QUERY_KEY }),
    onSettled: (_result, error) => ids.settle(error ?? undefined),
  };
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  const [ids] = useState(() => createRequestIds());
  return useMutation(placeOrderMutation(queryClient, ids));
}

export function useStartChase() {
  const queryClient = useQueryClient();
  const [ids] = useState(() => createRequestIds());
  return useMutation(startChaseMutation(queryClient, ids));
}

export function useCancelChase() {
  const queryClient = useQueryClient();
  const [ids] = useState(() => createRequestIds());
  return useMutation(cancelChaseMutation(queryClient, ids));
}
