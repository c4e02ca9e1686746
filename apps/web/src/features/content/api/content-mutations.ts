import { useMutation, useQueryClient, type InfiniteData, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { CALLS } from '@wallet/contract/core';
import { useState } from 'react';
import { QUIET } from '../../../api/call-mutation';
import type { BodyOf, ResultOf } from '../../../api/call-types';
import { callApi } from '../../../api/client';
import { FEEDBACK_QUERY_KEY, MARKED_CONTENT_QUERY_KEY, type HomeNow, type NoticeItem } from './content-queries';
import { createRequestIds, type RequestIds } from '../../../api/request-id';
import { uploadImage } from '../../../api/upload-image';

/** What the user sends; the mutation adds the request id. */
export type FeedbackFields = Omit<BodyOf<typeof CALLS.submitFeedback>, 'requestId'>;
export type SentFeedback = ResultOf<typeof CALLS.submitFeedback>;

interface NoticePage {
  items: NoticeItem[];
}

const withoutDot = (id: string) => (data: InfiniteData<NoticePage> | undefined) =>
  data && { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map((item) => (item.id === id ? { ...item, unread: false } : item)) })) };

/** Marks a notice read: its dot and the count go at once, then the lists and the home answer are asked for again. */
export function markNoticeReadMutation(queryClient: QueryClient): UseMutationOptions<{ unread: number }, Error, string> {
  return {
    mutationFn: (id) => callApi(CALLS.noticeRead, { id }, QUIET),
    onSuccess: ({ unread }, id) => {
      queryClient.setQueriesData<HomeNow>({ queryKey: [...MARKED_CONTENT_QUERY_KEY, 'home'] }, (home) => home && { ...home, unread });
      queryClient.setQueriesData<InfiniteData<NoticePage>>({ queryKey: [...MARKED_CONTENT_QUERY_KEY, 'notices'] }, withoutDot(id));
      void queryClient.invalidateQueries({ queryKey: MARKED_CONTENT_QUERY_KEY });
    },
  };
}

export function useMarkNoticeRead() {
  const queryClient = useQueryClient();
  return useMutation(markNoticeReadMutation(queryClient));
}

/** Feedback; a retry of the same submission (no answer came) sends the same request id, so it is saved once. */
export function submitFeedbackMutation(queryClient: QueryClient, ids: RequestIds): UseMutationOptions<SentFeedback, Error, FeedbackFields> {
  return {
    mutationFn: (fields) => callApi(CALLS.submitFeedback, { ...fields, requestId: ids.idFor(JSON.stringify(fields)) }, QUIET),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: FEEDBACK_QUERY_KEY }),
    onSettled: (_sent, error) => ids.settle(error ?? undefined),
  };
}

export function useSubmitFeedback() {
  const queryClient = useQueryClient();
  const [ids] = useState(() => createRequestIds());
  return useMutation(submitFeedbackMutation(queryClient, ids));
}

/** Uploads a picture for feedback and answers its address; a failure is toasted. */
export function useUploadFeedbackImage() {
  return useMutation({ mutationFn: (file: File) => uploadImage(file) });
}
