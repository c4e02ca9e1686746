import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { hasSession } from '../api/session';
import { loginPathReturningTo } from '../navigation/paths';

/** A page for signed-in users only: without a stored token, to the login page, which brings the user back. */
export function RequireSession({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  if (!hasSession()) return <Navigate to={loginPathReturningTo(pathname, search)} replace />;
  return children;
}
