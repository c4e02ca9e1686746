import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy } from 'react';
import { versionCheckQuery } from '../api/public-info';

// The dialog is only downloaded when there is something to offer.
const UpdateDialog = lazy(() => import('./update-dialog'));

/** Asks the server once per start whether this version should update. */
export function UpdateCheck() {
  const { data } = useQuery(versionCheckQuery);
  if (!data?.updateAvailable) return null;
  return (
    <Suspense fallback={null}>
      <UpdateDialog force={data.force} latest={data.latest} />
    </Suspense>
  );
}
