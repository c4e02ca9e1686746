import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { CALLS } from '@wallet/contract/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/api-error';
import { createRechargeMutation, createWithdrawalMutation } from './money-mutations';
import { rechargeDetailQuery } from './money-queries';
import { createRequestIds } from '../../../api/request-id';

const callApi = vi.hoisted(() => vi.fn());
vi.mock('../../../api/client', () => ({ callApi }));

function counter() {
  let n = 0;
  return () => `id-${++n}`;
}

/** The request id of the last call sent. */
const sentId = () => (callApi.mock.lastCall?.[1] as { requestId: string }).requestId;

const offline = () => new ApiError(0, 'NETWORK', 'offline');
const record = (orderNo: string) => ({ orderNo, amount: '100.00', payAmount: '100.30', status: 'review' });

describe('the recharge mutation', () => {
  afterEach(() => callApi.mockReset());

  function recharge() {
    const queryClient = new QueryClient();
    const observer = new MutationObserver(queryClient, createRechargeMutation(queryClient, createRequestIds(counter())));
    const send = (amount: string) => observer.mutate({ channelId: 'bank', amount });
    return { queryClient, send };
  }

  it('sends the same request id when the same recharge is retried after a network failure', async () => {
    const { send } = recharge();
    callApi.mockRejectedValueOnce(offline());
    await expect(send('100.00')).rejects.toThrow();
    const first = sentId();

    callApi.mockResolvedValueOnce(record('R1'));
    await send('100.00');
    expect(sentId()).toBe(first);
    expect(callApi).toHaveBeenLastCalledWith(CALLS.createRecharge, { channelId: 'bank', amount: '100.00', requestId: first }, { quiet: true });
  });

  it('sends a new request id after an answer, and for a recharge of other fields', async () => {
    const { send } = recharge();
    callApi.mockResolvedValueOnce(record('R1'));
    await send('100.00');
    const answered = sentId();

    callApi.mockRejectedValueOnce(offline());
    await expect(send('100.00')).rejects.toThrow();
    const unanswered = sentId();
    expect(unanswered).not.toBe(answered);

    callApi.mockResolvedValueOnce(record('R2'));
    await send('200.00');
    expect(sentId()).not.toBe(unanswered);
  });

  it('keeps the new recharge for its confirmation page and refreshes the money queries', async () => {
    const { queryClient, send } = recharge();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    callApi.mockResolvedValueOnce(record('R9'));
    await send('100.00');
    expect(queryClient.getQueryData(rechargeDetailQuery('R9').queryKey)).toEqual(record('R9'));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['account', 'money'] });
  });
});

describe('the withdrawal mutation', () => {
  afterEach(() => callApi.mockReset());

  const asked = { name: 'Ana', bankName: 'First Bank', address: '', amount: '50.00', useLastCard: true };

  it('keeps its request id when the payment password is typed again after no answer', async () => {
    const queryClient = new QueryClient();
    const observer = new MutationObserver(queryClient, createWithdrawalMutation(queryClient, createRequestIds(counter())));
    callApi.mockRejectedValueOnce(new ApiError(0, 'TIMEOUT', 'took too long'));
    await expect(observer.mutate({ ...asked, payPassword: '111111' })).rejects.toThrow();
    const first = sentId();

    callApi.mockResolvedValueOnce({ orderNo: 'W1' });
    await observer.mutate({ ...asked, payPassword: '222222' });
    expect(sentId()).toBe(first);
  });

  it('asks for the balance again when the server says it changed', async () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const observer = new MutationObserver(queryClient, createWithdrawalMutation(queryClient, createRequestIds(counter())));
    callApi.mockRejectedValueOnce(new ApiError(422, 'INSUFFICIENT_BALANCE', 'not enough'));
    await expect(observer.mutate({ ...asked, payPassword: '111111' })).rejects.toThrow();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['account', 'money', 'withdrawInfo'] });
  });
});
