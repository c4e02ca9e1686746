import { queryOptions } from '@tanstack/react-query';
import { CALLS } from '@wallet/contract/core';
import { QUIET } from '../../../api/call-mutation';
import type { ResultOf } from '../../../api/call-types';
import { callApi } from '../../../api/client';
import { clockOffsetMs } from '../../../api/server-clock';
import { ACCOUNT_QUERY_KEY } from '../../../api/session';

export type PlayerProtection = ResultOf<typeof CALLS.playerLimits>;
/** The reality check's figures, with how far the server's clock was ahead of the phone's when it answered. */
export type RealityCheckNow = ResultOf<typeof CALLS.realityCheck> & { clockOffsetMs: number };

export const PROTECTION_QUERY_KEY = [...ACCOUNT_QUERY_KEY, 'protection'] as const;

/** The windows fill with every recharge and order, here or on another device: each visit asks again. */
export const playerLimitsQuery = queryOptions({
  queryKey: [...PROTECTION_QUERY_KEY, 'limits'],
  queryFn: () => callApi(CALLS.playerLimits, {}, QUIET),
  staleTime: 0,
});

/** Asked once per session for the schedule (sign-in time, interval, the server's clock); saving the interval asks again. */
export const realityCheckQuery = queryOptions({
  queryKey: [...PROTECTION_QUERY_KEY, 'realityCheck'],
  queryFn: async (): Promise<RealityCheckNow> => {
    const sentAt = Date.now();
    const figures = await callApi(CALLS.realityCheck, {}, QUIET);
    return { ...figures, clockOffsetMs: clockOffsetMs(figures.serverTime, sentAt, Date.now()) };
  },
  staleTime: Infinity,
});

/** The totals since sign-in as they are when the reminder opens; kept apart from the schedule, which they must not move. */
export const realityCheckFiguresQuery = queryOptions({
  queryKey: [...PROTECTION_QUERY_KEY, 'realityCheck', 'figures'],
  queryFn: () => callApi(CALLS.realityCheck, {}, QUIET),
  staleTime: 0,
  gcTime: 0,
});
