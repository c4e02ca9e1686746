import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy, useEffect, useSyncExternalStore } from 'react';
import { rememberRunningRelease, versionCheckQuery } from '../api/public-info';
import { newBuild, startedFromNetwork } from '../pwa/shell-worker';

// The dialog is only downloaded when there is something to offer.
const UpdateDialog = lazy(() => import('./update-dialog'));

/**
 * Offers a reload when a new build of the app is installed and waiting, or
 * when the operator has published a newer release (asked once per start).
 * An app that came fresh from the server already is that release: it only
 * remembers it.
 */
export function UpdateCheck() {
  const { data } = useQuery(versionCheckQuery);
  const buildWaiting = useSyncExternalStore(newBuild.subscribe, newBuild.ready);
  const release = data?.updateAvailable ? data : undefined;
  const alreadyRunning = release !== undefined && startedFromNetwork;

  useEffect(() => {
    if (alreadyRunning) rememberRunningRelease(release.latest);
  }, [alreadyRunning, release]);

  const offered = alreadyRunning ? undefined : release;
  if (!offered && !buildWaiting) return null;
  return (
    <Suspense fallback={null}>
      <UpdateDialog force={offered?.force ?? false} latest={offered?.latest} />
    </Suspense>
  );
}
