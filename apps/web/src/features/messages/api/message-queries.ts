import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { CALLS } from '@wallet/contract/core';
import { QUIET } from '../../../api/call-mutation';
import type { ResultOf } from '../../../api/call-types';
import { callApi } from '../../../api/client';
import { PAGE_SIZE, nextPageOf } from '../../../api/paging';
import { ACCOUNT_QUERY_KEY } from '../../../api/session';

export type UserMessage = ResultOf<typeof CALLS.userMessages>['items'][number];

/** Every message query: reading one refreshes them all, the bells' counts too. */
export const MESSAGES_QUERY_KEY = [...ACCOUNT_QUERY_KEY, 'messages'] as const;

/** The words come in the reader's language, so each language is its own entry; new messages arrive from other desks, so each visit asks again. */
export const messagesQuery = (language: string) =>
  infiniteQueryOptions({
    queryKey: [...MESSAGES_QUERY_KEY, 'list', language],
    queryFn: ({ pageParam }) => callApi(CALLS.userMessages, { page: pageParam, pageSize: PAGE_SIZE }, QUIET),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    staleTime: 0,
  });

/** How many messages wait unread: the smallest page carries the count. */
export const unreadMessagesQuery = queryOptions({
  queryKey: [...MESSAGES_QUERY_KEY, 'unread'],
  queryFn: async () => (await callApi(CALLS.userMessages, { page: 1, pageSize: 1 }, QUIET)).unread,
  staleTime: 0,
  refetchOnWindowFocus: true,
});
