import { Fragment, Suspense, type ReactNode } from 'react';
import { useSessionToken } from './use-session-token';

/** What runs for the signed-in user only: mounted afresh for each new session, gone at once on sign-out or when the session expires. */
export function ForSession({ children }: { children: ReactNode }) {
  const token = useSessionToken();
  if (token === null) return null;
  return (
    <Suspense fallback={null}>
      <Fragment key={token}>{children}</Fragment>
    </Suspense>
  );
}
