import { useLayoutEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { setUnauthorizedHandler } from '../api/client';
import { PATHS, loginPathReturningTo } from '../navigation/paths';
import type { LoginState } from '../navigation/login-state';

/** The client knows no routes: a 401 or a freeze leads from here to the login page, which brings the user back afterwards. */
export function UnauthorizedRedirect() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useLayoutEffect(() => {
    setUnauthorizedHandler((why) => {
      if (pathname !== PATHS.login) void navigate(loginPathReturningTo(pathname, search), { replace: true, state: { frozen: why === 'ACCOUNT_FROZEN' } satisfies LoginState });
    });
  }, [navigate, pathname, search]);
  return null;
}
