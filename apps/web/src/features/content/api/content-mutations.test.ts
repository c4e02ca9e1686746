import { MutationObserver, QueryClient, type InfiniteData } from '@tanstack/react-query';
import { CALLS } from '@wallet/contract/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/api-error';
import { markNoticeReadMutation, submitFeedbackMutation } from './content-mutations';
import { noticeHomeQueryKey, noticeListQuery, type HomeNow, type NoticeItem } from './content-queries';
import { createRequestIds } from '../../../api/request-id';

const callApi = vi.hoisted(() => vi.fn());
vi.mock('../../../api/client', () => ({ callApi }));

const sentId = () => (callApi.mock.lastCall?.[1] as { requestId: string }).requestId;

const notice = (id: string, unread: boolean): NoticeItem => ({ id, title: id, summary: '', cover: null, pinned: false, publishAt: 0, unread });

describe('marking a notice read', () => {
  afterEach(() => callApi.mockReset());

  it('takes its dot off the list and the count off the home answer at once', async () => {
    const queryClient = new QueryClient();
    const home = { banners: [], ticker: [], projects: [], serverTime: 0, unread: 3, unreadReplies: 0, clockOffsetMs: 0 } satisfies HomeNow;
    queryClient.setQueryData(noticeHomeQueryKey('en'), home);
    queryClient.setQueryData<InfiniteData<{ items: NoticeItem[]; total: number; page: number; pageSize: number }>>(noticeListQuery('en').queryKey, {
      pages: [{ items: [notice('a', true), notice('b', true)], total: 2, page: 1, pageSize: 20 }],
      pageParams: [1],
    });

    callApi.mockResolvedValueOnce({ unread: 2 });
    await new MutationObserver(queryClient, markNoticeReadMutation(queryClient)).mutate('a');

    expect(callApi).toHaveBeenCalledWith(CALLS.noticeRead, { id: 'a' }, { quiet: true });
    expect(queryClient.getQueryData<HomeNow>(noticeHomeQueryKey('en'))?.unread).toBe(2);
    const list = queryClient.getQueryData(noticeListQuery('en').queryKey);
    expect(list?.pages[0]?.items.map((item) => [item.id, item.unread])).toEqual([
      ['a', false],
      ['b', true],
    ]);
  });
});

describe('sending feedback', () => {
  afterEach(() => callApi.mockReset());

  let n = 0;
  const send = () => {
    const queryClient = new QueryClient();
    const observer = new MutationObserver(queryClient, submitFeedbackMutation(queryClient, createRequestIds(() => `id-${++n}`)));
    return (content: string) => observer.mutate({ email: 'a@example.com', content, images: [] });
  };

  it('sends the same request id when the same feedback is retried after no answer came', async () => {
    const submit = send();
    callApi.mockRejectedValueOnce(new ApiError(0, 'NETWORK', 'offline'));
    await expect(submit('A long enough piece of feedback')).rejects.toThrow();
    const first = sentId();
    callApi.mockResolvedValueOnce({});
    await submit('A long enough piece of feedback');
    expect(sentId()).toBe(first);
  });

  it('sends a new request id for the next feedback once the server answered', async () => {
    const submit = send();
    callApi.mockResolvedValueOnce({});
    await submit('A long enough piece of feedback');
    const first = sentId();
    callApi.mockResolvedValueOnce({});
    await submit('A long enough piece of feedback');
    expect(sentId()).not.toBe(first);
  });
});
