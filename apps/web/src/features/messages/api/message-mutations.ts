import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { CALLS } from '@wallet/contract/core';
import { QUIET } from '../../../api/call-mutation';
import type { ResultOf } from '../../../api/call-types';
import { callApi } from '../../../api/client';
import { MESSAGES_QUERY_KEY, unreadMessagesQuery } from './message-queries';

type MessagePage = ResultOf<typeof CALLS.userMessages>;

/** One message read (an id), or all of them (none): the marks and the count change at once, then the lists are asked for again. */
export function useReadMessages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number | undefined) => callApi(CALLS.readUserMessages, id === undefined ? {} : { id }, QUIET),
    onSuccess: ({ unread }, id) => {
      queryClient.setQueryData(unreadMessagesQuery.queryKey, unread);
      queryClient.setQueriesData<InfiniteData<MessagePage>>({ queryKey: [...MESSAGES_QUERY_KEY, 'list'] }, (data) =>
        data && {
          ...data,
          pages: data.pages.map((page) => ({ ...page, unread, items: page.items.map((item) => (id === undefined || item.id === id ? { ...item, read: true } : item)) })),
        },
      );
      void queryClient.invalidateQueries({ queryKey: MESSAGES_QUERY_KEY });
    },
  });
}
