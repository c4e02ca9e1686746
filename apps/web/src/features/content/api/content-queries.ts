import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { CALLS } from '@wallet/contract/core';
import { QUIET } from '../../../api/call-mutation';
import type { ResultOf } from '../../../api/call-types';
import { callApi } from '../../../api/client';
import { PAGE_SIZE, nextPageOf } from '../../../api/paging';
import { queryClient } from '../../../api/query-client';
import { clockOffsetMs } from '../../../api/server-clock';
import { ACCOUNT_QUERY_KEY } from '../../../api/session';
import { SIGNED_LINKS_REFRESH } from '../../../api/signed-links';

export type NoticeHome = ResultOf<typeof CALLS.noticeHome>;
export type Banner = NoticeHome['banners'][number];
export type TickerNotice = NoticeHome['ticker'][number];
export type HomeProject = NoticeHome['projects'][number];
export type NoticeItem = ResultOf<typeof CALLS.noticeList>['items'][number];
export type NoticeDocument = ResultOf<typeof CALLS.noticeDetail>;
export type ActivityItem = ResultOf<typeof CALLS.noticeActivities>['items'][number];
export type ActivityDocument = ResultOf<typeof CALLS.noticeActivity>;
export type FeedbackItem = ResultOf<typeof CALLS.myFeedback>['items'][number];

/** The home page as answered, with how far the server's clock was ahead of the phone's at that moment. */
export type HomeNow = NoticeHome & { clockOffsetMs: number };

/** Texts the same for every reader of a language. */
const CONTENT_QUERY_KEY = ['content'] as const;
/**
 * Answers that carry the reader's unread marks: under the account's key, so
 * a new session never shows the last one's dots and counts.
 */
export const MARKED_CONTENT_QUERY_KEY = [...ACCOUNT_QUERY_KEY, 'content'] as const;
export const FEEDBACK_QUERY_KEY = [...ACCOUNT_QUERY_KEY, 'feedback'] as const;

/** Operators publish at any time: each visit asks again. */
const ALWAYS_FRESH = { staleTime: 0 } as const;

export const noticeHomeQueryKey = (language: string) => [...MARKED_CONTENT_QUERY_KEY, 'home', language] as const;

/** Banners, ticker, projects with their periods and the unread counts, in the reader's language. */
export const noticeHomeQuery = (language: string) =>
  queryOptions({
    queryKey: noticeHomeQueryKey(language),
    queryFn: async (): Promise<HomeNow> => {
      const sentAt = Date.now();
      const home = await callApi(CALLS.noticeHome, {}, QUIET);
      return { ...home, clockOffsetMs: clockOffsetMs(home.serverTime, sentAt, Date.now()) };
    },
    ...ALWAYS_FRESH,
  });

export const noticeListQuery = (language: string) =>
  infiniteQueryOptions({
    queryKey: [...MARKED_CONTENT_QUERY_KEY, 'notices', language],
    queryFn: ({ pageParam }) => callApi(CALLS.noticeList, { page: pageParam, pageSize: PAGE_SIZE }, QUIET),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    ...ALWAYS_FRESH,
  });

export const noticeDetailQuery = (id: string, language: string) =>
  queryOptions({
    queryKey: [...CONTENT_QUERY_KEY, 'notice', id, language],
    queryFn: () => callApi(CALLS.noticeDetail, { id }, QUIET),
  });

export const activitiesQuery = (language: string) =>
  infiniteQueryOptions({
    queryKey: [...CONTENT_QUERY_KEY, 'activities', language],
    queryFn: ({ pageParam }) => callApi(CALLS.noticeActivities, { page: pageParam, pageSize: PAGE_SIZE }, QUIET),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    ...ALWAYS_FRESH,
  });

export const activityQuery = (id: string, language: string) =>
  queryOptions({
    queryKey: [...CONTENT_QUERY_KEY, 'activity', id, language],
    queryFn: () => callApi(CALLS.noticeActivity, { id }, QUIET),
  });

export const aboutQuery = (language: string) =>
  queryOptions({
    queryKey: [...CONTENT_QUERY_KEY, 'about', language],
    queryFn: () => callApi(CALLS.noticeAbout, {}, QUIET),
    staleTime: 5 * 60_000,
  });

/**
 * The user's feedback with the replies. Reading a reply marks it seen on the
 * server, so the home answer's count of unseen replies is out of date then.
 */
export const myFeedbackQuery = infiniteQueryOptions({
  queryKey: [...FEEDBACK_QUERY_KEY, 'mine'],
  queryFn: async ({ pageParam }) => {
    const page = await callApi(CALLS.myFeedback, { page: pageParam, pageSize: PAGE_SIZE }, QUIET);
    if (page.items.some((item) => item.replyUnread)) void queryClient.invalidateQueries({ queryKey: [...MARKED_CONTENT_QUERY_KEY, 'home'] });
    return page;
  },
  initialPageParam: 1,
  getNextPageParam: nextPageOf,
  ...ALWAYS_FRESH,
  ...SIGNED_LINKS_REFRESH,
});
