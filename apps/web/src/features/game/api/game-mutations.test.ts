import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { CALLS } from '@wallet/contract/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/api-error';
import { cancelChaseMutation, placeOrderMutation, type OrderFields } from './game-mutations';
import { assetsQuery } from '../../money';
import { createRequestIds } from '../../../api/request-id';

const callApi = vi.hoisted(() => vi.fn());
vi.mock('../../../api/client', () => ({ callApi }));

function counter() {
  let n = 0;
  return () => `id-${++n}`;
}

const sentId = () => (callApi.mock.lastCall?.[1] as { requestId: string }).requestId;

const fields: OrderFields = {
  projectId: 'fast3-1m',
  periodNo: '202611230001',
  selections: [
    { option: 'big', quantity: 2 },
    { option: 'sum-9', quantity: 2 },
  ],
};

const placed = (balance: string) => ({ orders: [], balance });

function order() {
  const queryClient = new QueryClient();
  const observer = new MutationObserver(queryClient, placeOrderMutation(queryClient, createRequestIds(counter())));
  return { queryClient, send: (body: OrderFields) => observer.mutate(body) };
}

describe('the order mutation', () => {
  afterEach(() => callApi.mockReset());

  it('sends the same request id when the same confirm is retried after no answer came', async () => {
    const { send } = order();
    callApi.mockRejectedValueOnce(new ApiError(0, 'TIMEOUT', 'took too long'));
    await expect(send(fields)).rejects.toThrow();
    const first = sentId();

    callApi.mockResolvedValueOnce(placed('96.00'));
    await send(fields);
    expect(sentId()).toBe(first);
    expect(callApi).toHaveBeenLastCalledWith(CALLS.placeOrder, { ...fields, requestId: first }, { quiet: true });
  });

  it('sends a new request id once the server answered, and for another period', async () => {
    const { send } = order();
    callApi.mockRejectedValueOnce(new ApiError(422, 'PERIOD_CLOSED', 'closed'));
    await expect(send(fields)).rejects.toThrow();
    const refused = sentId();

    callApi.mockRejectedValueOnce(new ApiError(0, 'NETWORK', 'offline'));
    await expect(send(fields)).rejects.toThrow();
    const unanswered = sentId();
    expect(unanswered).not.toBe(refused);

    callApi.mockResolvedValueOnce(placed('96.00'));
    await send({ ...fields, periodNo: '202611230002' });
    expect(sentId()).not.toBe(unanswered);
  });

  it('shows the balance the answer carries and refreshes money and orders', async () => {
    const { queryClient, send } = order();
    queryClient.setQueryData(assetsQuery.queryKey, { balance: '100.00', freeze: '0.00', coin: 0, totals: { recharged: '100.00', withdrawn: '0.00', ordered: '0.00', profit: '0.00' } });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    callApi.mockResolvedValueOnce(placed('96.00'));
    await send(fields);
    expect(queryClient.getQueryData(assetsQuery.queryKey)?.balance).toBe('96.00');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['account', 'money'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['account', 'game', 'orders'] });
  });

  it('asks for the period again when the server says it closed', async () => {
    const { queryClient, send } = order();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    callApi.mockRejectedValueOnce(new ApiError(422, 'PERIOD_CLOSED', 'Ordering for this period has closed'));
    await expect(send(fields)).rejects.toThrow();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['game', 'period', 'fast3-1m'] });
  });
});

describe('cancelling a chase', () => {
  afterEach(() => callApi.mockReset());

  it('retries with the same request id after no answer, and shows the balance with what came back', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(assetsQuery.queryKey, { balance: '90.00', freeze: '0.00', coin: 0, totals: { recharged: '100.00', withdrawn: '0.00', ordered: '0.00', profit: '0.00' } });
    const observer = new MutationObserver(queryClient, cancelChaseMutation(queryClient, createRequestIds(counter())));
    callApi.mockRejectedValueOnce(new ApiError(0, 'NETWORK', 'offline'));
    await expect(observer.mutate('C1')).rejects.toThrow();
    const first = sentId();
    callApi.mockResolvedValueOnce({ chaseNo: 'C1', cancelledPeriodNos: ['202611230002'], returned: '4.00', balance: '94.00' });
    await observer.mutate('C1');
    expect(callApi).toHaveBeenLastCalledWith(CALLS.cancelChase, { chaseNo: 'C1', requestId: first }, { quiet: true });
    expect(queryClient.getQueryData(assetsQuery.queryKey)?.balance).toBe('94.00');
  });
});
