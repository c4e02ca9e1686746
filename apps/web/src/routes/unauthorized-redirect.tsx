import { useLayoutEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { setUnauthorizedHandler } from '../api/client';
import { PATHS, loginPathReturningTo } from '../navigation/paths';

/** The client knows no routes: a 401 leads from here to the login page, which brings the user back afterwards. */
export function UnauthorizedRedirect() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useLayoutEffect(() => {
    setUnauthorizedHandler(() => {
      if (pathname !== PATHS.login) void navigate(loginPathReturningTo(pathname, search), { replace: true });
    });
  }, [navigate, pathname, search]);
  return null;
}
