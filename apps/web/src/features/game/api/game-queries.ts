import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { CALLS } from '@wallet/contract/core';
import type { ResultOf } from '../../../api/call-types';
import { callApi } from '../../../api/client';
import { MAX_PAGE_SIZE, PAGE_SIZE, allPages, nextPageOf } from '../../../api/paging';
import { clockOffsetMs } from '../../../api/server-clock';
import { ACCOUNT_QUERY_KEY } from '../../../api/session';

export type GameProject = ResultOf<typeof CALLS.gameProjects>[number];
export type GameOption = GameProject['options'][number];
export type GamePeriod = ResultOf<typeof CALLS.gamePeriod>;
export type DrawnPeriod = ResultOf<typeof CALLS.gameHistory>['items'][number];
export type GameTrend = ResultOf<typeof CALLS.gameTrend>;
export type GameOrder = ResultOf<typeof CALLS.orderList>['items'][number];
export type Chase = ResultOf<typeof CALLS.chaseList>['items'][number];
export type ChasePeriod = Chase['periods'][number];

/** A period as answered, with how far the server's clock was ahead of the phone's at that moment. */
export type PeriodNow = GamePeriod & { clockOffsetMs: number };

/** The order tabs: every order, those still waiting for their draw, those settled with it. */
export const ORDER_FILTERS = ['pending', 'audited'] as const;
export type OrderFilter = (typeof ORDER_FILTERS)[number] | 'all';

/** The same for every user: projects, periods, results. */
const GAME_QUERY_KEY = ['game'] as const;
/** The user's own orders; a new order refreshes them all. */
export const ORDERS_QUERY_KEY = [...ACCOUNT_QUERY_KEY, 'game', 'orders'] as const;
/** The user's chases; a new chase, a cancel or a draw refreshes them. */
export const CHASES_QUERY_KEY = [...ACCOUNT_QUERY_KEY, 'game', 'chases'] as const;

export const gameProjectsQuery = queryOptions({
  queryKey: [...GAME_QUERY_KEY, 'projects'],
  queryFn: () => callApi(CALLS.gameProjects, {}, { quiet: true }),
  staleTime: 60_000,
});

export const gamePeriodQueryKey = (projectId: string) => [...GAME_QUERY_KEY, 'period', projectId] as const;

/** Every query of one project's periods and results (its period, history and trend): a draw makes them all out of date. */
export const projectGameQueries = (projectId: string) => ({ queryKey: GAME_QUERY_KEY, predicate: (query: { queryKey: readonly unknown[] }) => query.queryKey.includes(projectId) });

/** The period running now; `refetchInterval` decides when to ask again (at the draw). */
export const gamePeriodQuery = (projectId: string) =>
  queryOptions({
    queryKey: gamePeriodQueryKey(projectId),
    queryFn: async (): Promise<PeriodNow> => {
      const sentAt = Date.now();
      const period = await callApi(CALLS.gamePeriod, { projectId }, { quiet: true });
      return { ...period, clockOffsetMs: clockOffsetMs(period.serverTime, sentAt, Date.now()) };
    },
    staleTime: 0,
    // A phone back from sleep asks at once: the period it shows may have drawn long ago.
    refetchOnWindowFocus: true,
  });

export const gameHistoryQuery = (projectId: string) =>
  infiniteQueryOptions({
    queryKey: [...GAME_QUERY_KEY, 'history', projectId],
    queryFn: ({ pageParam }) => callApi(CALLS.gameHistory, { projectId, page: pageParam, pageSize: PAGE_SIZE }, { quiet: true }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    staleTime: 0,
  });

export const gameTrendQuery = (projectId: string) =>
  queryOptions({
    queryKey: [...GAME_QUERY_KEY, 'trend', projectId],
    queryFn: () => callApi(CALLS.gameTrend, { projectId }, { quiet: true }),
    staleTime: 0,
  });

const auditedField = (filter: OrderFilter) => (filter === 'all' ? {} : { audited: filter === 'audited' });

export const orderListQuery = (filter: OrderFilter) =>
  infiniteQueryOptions({
    queryKey: [...ORDERS_QUERY_KEY, 'list', filter],
    queryFn: ({ pageParam }) => callApi(CALLS.orderList, { page: pageParam, pageSize: PAGE_SIZE, ...auditedField(filter) }, { quiet: true }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    staleTime: 0,
  });

/** Every order of the user that matches `filter`, however many pages they take. */
const everyOrder = (filter: { projectId: string; periodNo?: string; audited: boolean }) =>
  allPages((page) => callApi(CALLS.orderList, { ...filter, page, pageSize: MAX_PAGE_SIZE }, { quiet: true }));

/** The user's orders on a project still waiting for their draw: the periods whose draw the game page watches for. */
export const waitingOrdersQuery = (projectId: string) =>
  queryOptions({
    queryKey: [...ORDERS_QUERY_KEY, 'waiting', projectId],
    queryFn: () => everyOrder({ projectId, audited: false }),
    staleTime: 0,
  });

/** The user's newest orders in any project, settled or not: what the app watches for results while its live stream is down. */
export const recentOrdersQuery = queryOptions({
  queryKey: [...ORDERS_QUERY_KEY, 'recent'],
  queryFn: async () => (await callApi(CALLS.orderList, { page: 1, pageSize: MAX_PAGE_SIZE }, { quiet: true })).items,
  staleTime: 0,
});

/** The user's orders of one drawn period, settled: what the draw paid, every one of them counted. */
export const periodOrdersQuery = (projectId: string, periodNo: string) =>
  queryOptions({
    queryKey: [...ORDERS_QUERY_KEY, 'period', projectId, periodNo],
    queryFn: () => everyOrder({ projectId, periodNo, audited: true }),
    staleTime: Infinity,
  });

/** The path from one of the user's orders to its period's orders root: fixed at the lock, so asked once. */
export const orderProofQuery = (orderNo: string) =>
  queryOptions({
    queryKey: [...ORDERS_QUERY_KEY, 'proof', orderNo],
    queryFn: () => callApi(CALLS.orderProof, { orderNo }, { quiet: true }),
    staleTime: Infinity,
  });

/** The user's chases, newest first, each with every period's state. */
export const chaseListQuery = infiniteQueryOptions({
  queryKey: CHASES_QUERY_KEY,
  queryFn: ({ pageParam }) => callApi(CALLS.chaseList, { page: pageParam, pageSize: PAGE_SIZE }, { quiet: true }),
  initialPageParam: 1,
  getNextPageParam: nextPageOf,
  staleTime: 0,
});
