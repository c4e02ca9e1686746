import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { CALLS, type RECHARGE_STATUSES, type WITHDRAWAL_STATUSES } from '@wallet/contract/core';
import type { ResultOf } from '../../../api/call-types';
import { callApi } from '../../../api/client';
import { PAGE_SIZE, nextPageOf, statusField, type StatusFilter } from '../../../api/paging';
import { ACCOUNT_QUERY_KEY } from '../../../api/session';
import { SIGNED_LINKS_REFRESH } from '../../../api/signed-links';

export type Assets = ResultOf<typeof CALLS.userAssets>;
export type RechargeChannel = ResultOf<typeof CALLS.rechargeChannels>[number];
export type RechargeRecord = ResultOf<typeof CALLS.rechargeDetail>;
export type WithdrawInfo = ResultOf<typeof CALLS.withdrawInfo>;
export type WithdrawalRecord = ResultOf<typeof CALLS.withdrawalDetail>;
export type StatementEntry = ResultOf<typeof CALLS.userStatement>['items'][number];
export type RechargeStatus = (typeof RECHARGE_STATUSES)[number];
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** Every money query lives under this key: a new recharge, withdrawal or review refreshes them all at once. */
export const MONEY_QUERY_KEY = [...ACCOUNT_QUERY_KEY, 'money'] as const;

/** Balances change on another desk (an operator's review): each visit asks again. */
const ALWAYS_FRESH = { staleTime: 0 } as const;

export const assetsQuery = queryOptions({
  queryKey: [...MONEY_QUERY_KEY, 'assets'],
  queryFn: () => callApi(CALLS.userAssets, {}, { quiet: true }),
  ...ALWAYS_FRESH,
});

export const rechargeChannelsQuery = queryOptions({
  queryKey: [...MONEY_QUERY_KEY, 'channels'],
  queryFn: () => callApi(CALLS.rechargeChannels, {}, { quiet: true }),
  // An operator opens and closes channels at any moment: a closed one must not be offered from memory.
  ...ALWAYS_FRESH,
});

export const withdrawInfoQuery = queryOptions({
  queryKey: [...MONEY_QUERY_KEY, 'withdrawInfo'],
  queryFn: () => callApi(CALLS.withdrawInfo, {}, { quiet: true }),
  ...ALWAYS_FRESH,
});

export const rechargeDetailQuery = (orderNo: string) =>
  queryOptions({
    queryKey: [...MONEY_QUERY_KEY, 'recharge', orderNo],
    queryFn: () => callApi(CALLS.rechargeDetail, { orderNo }, { quiet: true }),
    ...ALWAYS_FRESH,
    ...SIGNED_LINKS_REFRESH,
  });

export const rechargeListQuery = (status: StatusFilter<RechargeStatus>) =>
  infiniteQueryOptions({
    queryKey: [...MONEY_QUERY_KEY, 'recharges', status],
    queryFn: ({ pageParam }) => callApi(CALLS.rechargeList, { page: pageParam, pageSize: PAGE_SIZE, ...statusField(status) }, { quiet: true }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    ...ALWAYS_FRESH,
  });

export const withdrawalListQuery = (status: StatusFilter<WithdrawalStatus>) =>
  infiniteQueryOptions({
    queryKey: [...MONEY_QUERY_KEY, 'withdrawals', status],
    queryFn: ({ pageParam }) => callApi(CALLS.withdrawalList, { page: pageParam, pageSize: PAGE_SIZE, ...statusField(status) }, { quiet: true }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    ...ALWAYS_FRESH,
  });

export type StatementUnit = 'money' | 'points';

/** Money movements and credit point movements are listed apart. */
export const statementQuery = (unit: StatementUnit) =>
  infiniteQueryOptions({
    queryKey: [...MONEY_QUERY_KEY, 'statement', unit],
    queryFn: ({ pageParam }) => callApi(CALLS.userStatement, { page: pageParam, pageSize: PAGE_SIZE, unit }, { quiet: true }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    ...ALWAYS_FRESH,
  });

/** After the user moved money: every balance and list is asked for again when next shown. */
export function refreshMoney(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: MONEY_QUERY_KEY });
}
