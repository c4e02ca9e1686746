import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { drawOutcome, periodOrdersQuery, recentOrdersQuery } from '../game';
import { refreshMoney } from '../money';
import { announceResult, resultKey } from './result-announcements';

/** While an order waits for its draw the orders are read this often; with none, orders from another device are looked for less often. */
export const WAITING_POLL_MS = 4_000;
export const IDLE_POLL_MS = 10_000;

/**
 * The stream's stand-in while it is down: the user's newest orders are read
 * every few seconds, and a period whose orders have settled since the first
 * read (ordered here or on another device) is announced, on whatever page.
 */
export function useResultPolling(enabled: boolean): void {
  const queryClient = useQueryClient();
  const recent = useQuery({
    ...recentOrdersQuery,
    enabled,
    refetchInterval: (query) => (query.state.data?.some((order) => !order.audited) ? WAITING_POLL_MS : IDLE_POLL_MS),
  });
  const settledBefore = useRef<Set<string>>(undefined);

  useEffect(() => {
    if (!enabled || !recent.data) return;
    const settled = new Map(recent.data.filter((order) => order.audited).map((order) => [resultKey(order.projectId, order.periodNo), order]));
    const known = settledBefore.current;
    settledBefore.current = new Set([...(known ?? []), ...settled.keys()]);
    if (!known) return;
    const drawn = [...settled].filter(([key]) => !known.has(key)).map(([, order]) => order);
    if (drawn.length === 0) return;
    void refreshMoney(queryClient);
    for (const { projectId, periodNo } of drawn) {
      void queryClient.fetchQuery(periodOrdersQuery(projectId, periodNo)).then(
        (orders) => orders.length > 0 && announceResult(projectId, periodNo, drawOutcome(orders)),
        () => undefined,
      );
    }
  }, [enabled, recent.data, queryClient]);
}
