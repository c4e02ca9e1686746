import { Navigate, Route, Routes } from 'react-router';
import { PageFrame } from '../layouts/page-frame';
import { RequireSession } from '../layouts/require-session';
import { RootLayout } from '../layouts/root-layout';
import { NOT_FOUND_PAGE, PAGES } from './pages';
import { PATHS } from '../navigation/paths';

/**
 * Every page under the root layout. Declared as routes of a `HashRouter`
 * rather than a data router: the app loads no route data through the
 * router, and the data router's code is twice the size in the first load.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        {PAGES.map((page) => {
          const frame = <PageFrame key={page.path} page={page} />;
          return <Route key={page.path} path={page.path} element={page.signedIn ? <RequireSession>{frame}</RequireSession> : frame} />;
        })}
        <Route path={PATHS.homeAlias} element={<Navigate to={PATHS.home} replace />} />
        <Route path="*" element={<PageFrame page={NOT_FOUND_PAGE} />} />
      </Route>
    </Routes>
  );
}

/** The path of the page the address shows (`#/pages/login/login?redirect=…` → `/pages/login/login`). */
export function hashPathname(hash: string): string {
  return hash.replace(/^#/, '').split(/[?#]/)[0] || PATHS.home;
}
