import { PATHS } from './paths';

/**
 * Where the login page sends the user afterwards: the `redirect` it was given
 * when that is a page of this app (never the login page itself), else home.
 */
export function redirectTarget(redirect: string | null): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//')) return PATHS.home;
  const pathname = redirect.split(/[?#]/)[0];
  if (pathname === PATHS.login) return PATHS.home;
  return redirect;
}
