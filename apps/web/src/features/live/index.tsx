// What the rest of the app uses of live results: the stream for the signed-in user, and whether it is open now.
import { lazy } from 'react';

export { SAFETY_POLL_MS, useLiveUp } from './live-status';
export { LANDING_MS, announceResult, isAnnounced, resultKey } from './result-announcements';

/**
 * One stream per session, mounted for the signed-in user only (components/for-session): it opens on sign-in and
 * ends at once on sign-out or when the session expires (a 401 ends it). Downloaded only then: the signed-out first
 * screen carries no schema library.
 */
export const LiveResults = lazy(() => import('./live-results'));
