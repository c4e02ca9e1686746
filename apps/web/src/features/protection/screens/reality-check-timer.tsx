import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy, useEffect, useState } from 'react';
import { realityCheckStore } from '../../../api/storage';
import { realityCheckQuery } from '../api/protection-queries';
import { lastShownAt, nextRealityCheckAt, shownSlot } from '../model/reality-check-schedule';

const RealityCheckDialog = lazy(() => import('../components/reality-check-dialog'));

/**
 * Counts from this session's sign-in on the server's clock, so a reload
 * neither restarts the count nor shows a reminder already seen: the slot
 * shown is kept for the tab when it shows.
 */
export default function RealityCheckTimer() {
  const { data: plan } = useQuery(realityCheckQuery);
  /** How long the session had run when the reminder fell due. */
  const [elapsedMs, setElapsedMs] = useState<number>();

  useEffect(() => {
    if (!plan || elapsedMs !== undefined) return;
    const serverNow = () => Date.now() + plan.clockOffsetMs;
    const lastShown = () => lastShownAt(realityCheckStore.get(), plan.signedInAt);
    const next = nextRealityCheckAt(plan, lastShown(), serverNow());
    if (next === undefined) return;
    const timer = setTimeout(
      () => {
        // A phone asleep past several slots wakes to the latest of them.
        const now = serverNow();
        realityCheckStore.set(shownSlot(plan.signedInAt, nextRealityCheckAt(plan, lastShown(), now) ?? next));
        setElapsedMs(now - plan.signedInAt);
      },
      Math.max(0, next - serverNow()),
    );
    return () => clearTimeout(timer);
  }, [plan, elapsedMs]);

  if (elapsedMs === undefined) return null;
  return (
    <Suspense fallback={null}>
      <RealityCheckDialog elapsedMs={elapsedMs} onContinue={() => setElapsedMs(undefined)} />
    </Suspense>
  );
}
