import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { MARKED_CONTENT_QUERY_KEY } from '../content';
import { gamePeriodQueryKey, periodOrdersQuery } from '../game';
import { assetsQuery, type Assets } from '../money';
import { applyLiveEvent } from './apply-live-event';
import { isAnnounced, resultKey } from './result-announcements';

const ASSETS: Assets = { balance: '100.00', freeze: '5.00', coin: 7, totals: { recharged: '100.00', withdrawn: '0.00', ordered: '0.00', profit: '0.00' } };

function clientWith(data: [readonly unknown[], unknown][]) {
  const client = new QueryClient();
  for (const [key, value] of data) client.setQueryData(key, value);
  return client;
}

const isStale = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated === true;

describe('a live event applied to the app', () => {
  it('shows the balance, frozen funds and points of a balance event at once, and has the money read again', () => {
    const client = clientWith([[assetsQuery.queryKey, ASSETS]]);
    applyLiveEvent(client, { type: 'balance', data: { cause: 'recharge_approved', reference: 'R1', balance: '150.00', freeze: '0.00', coin: 9 } });
    expect(client.getQueryData(assetsQuery.queryKey)).toEqual({ ...ASSETS, balance: '150.00', freeze: '0.00', coin: 9 });
    expect(isStale(client, assetsQuery.queryKey)).toBe(true);
  });

  it('announces a settled period once with its net result, and moves the balance', () => {
    const client = clientWith([[assetsQuery.queryKey, ASSETS]]);
    const orders = [
      { orderNo: 'O1', amount: '2.00', payout: '3.90', profit: '1.90' },
      { orderNo: 'O2', amount: '1.00', payout: '0.00', profit: '-1.00' },
      { orderNo: 'O3', amount: '3.00', payout: '0.00', profit: '-3.00' },
    ];
    const event = { projectId: 'p1', periodNo: '202611280001', dice: [1, 2, 3] as [number, number, number], orders, payout: '3.90', profit: '-2.10', balance: '97.90', freeze: '5.00', coin: 13 };
    expect(isAnnounced(resultKey('p1', '202611280001'))).toBe(false);
    applyLiveEvent(client, { type: 'settled', data: event });
    expect(isAnnounced(resultKey('p1', '202611280001'))).toBe(true);
    expect(client.getQueryData<Assets>(assetsQuery.queryKey)?.balance).toBe('97.90');
  });

  it('reads the period again when it was drawn or is no longer the one shown, not when the shown one locks', () => {
    const period = { periodNo: '202611280002', opensAt: 0, locksAt: 50, drawsAt: 60 };
    const client = clientWith([[gamePeriodQueryKey('p1'), period]]);
    const event = (periodNo: string, status: 'open' | 'locked' | 'drawn') => ({ type: 'period' as const, data: { projectId: 'p1', periodNo, status, opensAt: 0, locksAt: 50, drawsAt: 60, dice: null } });
    applyLiveEvent(client, event('202611280002', 'locked'));
    expect(isStale(client, gamePeriodQueryKey('p1'))).toBe(false);
    applyLiveEvent(client, event('202611280003', 'open'));
    expect(isStale(client, gamePeriodQueryKey('p1'))).toBe(true);
    const drawnClient = clientWith([[gamePeriodQueryKey('p1'), period]]);
    applyLiveEvent(drawnClient, event('202611280002', 'drawn'));
    expect(isStale(drawnClient, gamePeriodQueryKey('p1'))).toBe(true);
  });

  it('reads the period again when it is void, as after a draw', () => {
    const period = { periodNo: '202611280002', opensAt: 0, locksAt: 50, drawsAt: 60 };
    const client = clientWith([[gamePeriodQueryKey('p1'), period]]);
    applyLiveEvent(client, { type: 'period', data: { projectId: 'p1', periodNo: '202611280002', status: 'void', opensAt: 0, locksAt: 50, drawsAt: 60, dice: null } });
    expect(isStale(client, gamePeriodQueryKey('p1'))).toBe(true);
  });

  it('on a void period’s refund moves the balance, has the orders read again and tells the refund once', async () => {
    const orders = [{ orderNo: 'O1', projectId: 'p1', periodNo: '202611280009', amount: '2.00', payout: '2.00', profit: '0.00', audited: true, voided: true }];
    const client = clientWith([
      [assetsQuery.queryKey, ASSETS],
      [periodOrdersQuery('p1', '202611280009').queryKey, orders],
    ]);
    applyLiveEvent(client, { type: 'balance', data: { cause: 'order_voided', reference: 'p1/202611280009', balance: '102.00', freeze: '5.00', coin: 7 } });
    expect(client.getQueryData<Assets>(assetsQuery.queryKey)?.balance).toBe('102.00');
    await expect.poll(() => isAnnounced(resultKey('p1', '202611280009'))).toBe(true);
    await expect.poll(() => isStale(client, periodOrdersQuery('p1', '202611280009').queryKey)).toBe(true);
  });

  it('has the notices and their unread count read again on a notice', () => {
    const homeKey = [...MARKED_CONTENT_QUERY_KEY, 'home', 'en'];
    const client = clientWith([[homeKey, { unread: 0 }]]);
    applyLiveEvent(client, { type: 'notice', data: { id: 'n1', publishAt: 1 } });
    expect(isStale(client, homeKey)).toBe(true);
  });
});
