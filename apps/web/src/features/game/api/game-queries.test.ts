import { QueryClient } from '@tanstack/react-query';
import { CALLS } from '@wallet/contract/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { periodOrdersQuery, waitingOrdersQuery, type GameOrder } from './game-queries';

const callApi = vi.hoisted(() => vi.fn());
vi.mock('../../../api/client', () => ({ callApi }));

const order = (n: number, periodNo: string, payout: string | null): GameOrder => ({
  orderNo: `G${n}`,
  projectId: 'fast3-1m',
  projectName: 'Fast 3',
  periodNo,
  option: 'big',
  quantity: 1,
  amount: '1.00',
  odds: '1.95',
  payout,
  profit: payout === null ? null : '0.00',
  audited: payout !== null,
  voided: false,
  dice: payout === null ? null : [4, 5, 6],
  createdAt: 0,
});

/** The order list as the server answers it: `orders` filtered by what the call asks, one page at a time. */
function serve(orders: GameOrder[]) {
  callApi.mockImplementation((_call, body: { periodNo?: string; audited?: boolean; page: number; pageSize: number }) => {
    const matching = orders.filter((o) => (body.periodNo === undefined || o.periodNo === body.periodNo) && (body.audited === undefined || o.audited === body.audited));
    const start = (body.page - 1) * body.pageSize;
    return Promise.resolve({ items: matching.slice(start, start + body.pageSize), total: matching.length, page: body.page, pageSize: body.pageSize });
  });
}

describe("the user's orders of a drawn period", () => {
  afterEach(() => callApi.mockReset());

  it('asks for that period only, page after page, so the payout counts every order of it', async () => {
    // 120 settled orders in the period, each paying 1.95; newer orders of later periods beside them.
    const drawn = Array.from({ length: 120 }, (_, i) => order(i, '202611230007', '1.95'));
    const later = Array.from({ length: 80 }, (_, i) => order(1000 + i, '202611230008', null));
    serve([...later, ...drawn]);

    const orders = await new QueryClient().fetchQuery(periodOrdersQuery('fast3-1m', '202611230007'));
    expect(orders.map((o) => o.orderNo)).toEqual(drawn.map((o) => o.orderNo));
    expect(callApi.mock.calls.map(([call, body]) => [call, body])).toEqual(
      [1, 2, 3].map((page) => [CALLS.orderList, { projectId: 'fast3-1m', periodNo: '202611230007', audited: true, page, pageSize: 50 }]),
    );
  });

  it('finds every waiting order of the project, however many there are', async () => {
    serve(Array.from({ length: 75 }, (_, i) => order(i, i < 60 ? '202611230009' : '202611230008', null)));
    const waiting = await new QueryClient().fetchQuery(waitingOrdersQuery('fast3-1m'));
    expect(waiting.some((o) => o.periodNo === '202611230008')).toBe(true);
    expect(callApi.mock.calls.map(([, body]) => body)).toEqual([
      { projectId: 'fast3-1m', audited: false, page: 1, pageSize: 50 },
      { projectId: 'fast3-1m', audited: false, page: 2, pageSize: 50 },
    ]);
  });
});
