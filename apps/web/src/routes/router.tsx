import { Navigate, createHashRouter } from 'react-router';
import { PageFrame } from '../layouts/page-frame';
import { RequireSession } from '../layouts/require-session';
import { RootLayout } from '../layouts/root-layout';
import { NOT_FOUND_PAGE, PAGES } from './pages';
import { PATHS } from './paths';

export const router = createHashRouter([
  {
    element: <RootLayout />,
    children: [
      ...PAGES.map((page) => {
        const frame = <PageFrame key={page.path} page={page} />;
        return { path: page.path, element: page.signedIn ? <RequireSession>{frame}</RequireSession> : frame };
      }),
      { path: PATHS.homeAlias, element: <Navigate to={PATHS.home} replace /> },
      { path: '*', element: <PageFrame page={NOT_FOUND_PAGE} /> },
    ],
  },
]);
