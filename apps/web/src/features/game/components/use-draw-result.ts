import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { periodOrdersQuery, waitingOrdersQuery, type DrawnPeriod } from '../api/game-queries';
import { refreshMoney } from '../../money';
import { drawOutcome, type DrawOutcome } from '../model/draw-outcome';
import { prefersReducedMotion } from '../../../components/reduced-motion';

/** How long the dice tumble (the CSS animation's length). */
export const ROLL_MS = 1400;

/** Draws already announced in this visit of the app: coming back to the page does not announce them again. */
const announced = new Set<string>();

export interface DrawResult {
  /** The newest result tumbles in. */
  rolling: boolean;
  /** What the newest draw did to the user's orders, once they are known. */
  outcome: DrawOutcome | undefined;
  /** The notification of the outcome, once the dice have landed; `close` ends it. */
  notification: { periodNo: string; outcome: DrawOutcome; close: () => void } | undefined;
}

/**
 * Watches for the draw of a period the user ordered in: when the newest
 * result is such a period, its dice tumble in, the user's orders of it are
 * looked up (settled with the draw), and a notification tells the payout.
 */
export function useDrawResult(projectId: string, latest: DrawnPeriod | undefined): DrawResult {
  const queryClient = useQueryClient();
  const waiting = useQuery(waitingOrdersQuery(projectId));
  const periodNo = latest?.periodNo ?? '';
  const key = `${projectId}:${periodNo}`;
  const awaited = Boolean(latest && waiting.data?.some((order) => order.periodNo === periodNo));
  // Stays with its answer once the waiting orders no longer list the period.
  const settled = useQuery({ ...periodOrdersQuery(projectId, periodNo), enabled: awaited });
  const orders = settled.data && settled.data.length > 0 ? settled.data : undefined;
  const mine = awaited || orders !== undefined;
  const [landed, setLanded] = useState<string>();
  const [closed, setClosed] = useState<string>();
  const fresh = mine && !announced.has(key) && closed !== key;

  // The draw paid: the balance and the orders still waiting are out of date.
  useEffect(() => {
    if (!orders) return;
    void refreshMoney(queryClient);
    void queryClient.invalidateQueries({ queryKey: waitingOrdersQuery(projectId).queryKey });
  }, [orders, projectId, queryClient]);

  useEffect(() => {
    if (!fresh) return;
    const timer = setTimeout(() => setLanded(key), prefersReducedMotion() ? 0 : ROLL_MS);
    return () => clearTimeout(timer);
  }, [fresh, key]);

  const outcome = orders && drawOutcome(orders);
  const rolling = fresh && landed !== key;
  const close = () => {
    announced.add(key);
    setClosed(key);
  };
  return {
    rolling,
    outcome,
    notification: fresh && !rolling && outcome ? { periodNo, outcome, close } : undefined,
  };
}
