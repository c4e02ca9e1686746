// What the rest of the app uses of live results: the stream for the signed-in user, and whether it is open now.
import { Suspense, lazy, useSyncExternalStore } from 'react';
import { subscribeSession } from '../../api/session';
import { tokenStore } from '../../api/storage';

export { SAFETY_POLL_MS, useLiveUp } from './live-status';
export { LANDING_MS, announceResult, isAnnounced, resultKey } from './result-announcements';

// Downloaded only for a signed-in user: the signed-out first screen carries no schema library.
const LiveResults = lazy(() => import('./live-results'));

/** One stream per session: it opens on sign-in and ends at once on sign-out or when the session expires (a 401 ends it). */
export function LiveResultsForSession() {
  const token = useSyncExternalStore(subscribeSession, tokenStore.get);
  if (token === null) return null;
  return (
    <Suspense fallback={null}>
      <LiveResults key={token} />
    </Suspense>
  );
}
