import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../api/session';
import { PATHS } from '../navigation/paths';
import { signInState } from '../navigation/sign-in-return';

/** Without a session every screen leads to sign-in, which leads back here. */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to={PATHS.signIn} replace state={signInState(location)} />;
  return children;
}
