import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { periodOrdersQuery, waitingOrdersQuery, type DrawnPeriod } from '../api/game-queries';
import { refreshMoney } from '../../money';
import { drawOutcome, type DrawOutcome } from '../model/draw-outcome';
import { prefersReducedMotion } from '../../../components/reduced-motion';
import { LANDING_MS, announceResult, isAnnounced, resultKey } from '../../live';

/** Draws already tumbled in this visit of the app: coming back to the page does not roll them again. */
const tumbled = new Set<string>();

export interface DrawResult {
  /** The newest result tumbles in. */
  rolling: boolean;
  /** What the newest draw did to the user's orders, once they are known. */
  outcome: DrawOutcome | undefined;
}

/**
 * Watches for the draw of a period the user ordered in: when the newest
 * result is such a period, its dice tumble in and the user's orders of it are
 * looked up (settled with the draw). The result is announced app-wide, once,
 * by whichever comes first: this page or the live stream.
 */
export function useDrawResult(projectId: string, latest: DrawnPeriod | undefined): DrawResult {
  const queryClient = useQueryClient();
  const waiting = useQuery(waitingOrdersQuery(projectId));
  const periodNo = latest?.periodNo ?? '';
  const key = resultKey(projectId, periodNo);
  // The stream may tell the result before the waiting orders are read again without the period.
  const awaited = Boolean(latest && (isAnnounced(key) || waiting.data?.some((order) => order.periodNo === periodNo)));
  // Stays with its answer once the waiting orders no longer list the period.
  const settled = useQuery({ ...periodOrdersQuery(projectId, periodNo), enabled: awaited });
  const orders = settled.data && settled.data.length > 0 ? settled.data : undefined;
  const mine = awaited || orders !== undefined;
  const [landed, setLanded] = useState<string>();
  const fresh = mine && !tumbled.has(key) && landed !== key;

  // The draw paid: the balance and the orders still waiting are out of date; the result is told (once, wherever from).
  useEffect(() => {
    if (!orders) return;
    void refreshMoney(queryClient);
    void queryClient.invalidateQueries({ queryKey: waitingOrdersQuery(projectId).queryKey });
    announceResult(projectId, orders[0]!.periodNo, drawOutcome(orders));
  }, [orders, projectId, queryClient]);

  useEffect(() => {
    if (!fresh) return;
    const timer = setTimeout(
      () => {
        tumbled.add(key);
        setLanded(key);
      },
      prefersReducedMotion() ? 0 : LANDING_MS,
    );
    return () => clearTimeout(timer);
  }, [fresh, key]);

  return { rolling: fresh, outcome: orders && drawOutcome(orders) };
}
