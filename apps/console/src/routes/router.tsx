import { createBrowserRouter } from 'react-router';
import { SignInPage } from '../features/auth';
import { PATHS } from '../navigation/paths';
import { ConsoleLayout } from './console-layout';
import { FirstScreen } from './first-screen';
import { NotFoundPage } from './not-found-page';
import { RequireSession } from './require-session';
import { ScreenLoading } from './screen-loading';
import { SCREENS } from './screens';

export const CONSOLE_BASENAME = '/console';

export const router = createBrowserRouter(
  [
    { path: PATHS.signIn, Component: SignInPage },
    {
      path: '/',
      HydrateFallback: ScreenLoading,
      element: (
        <RequireSession>
          <ConsoleLayout />
        </RequireSession>
      ),
      children: [
        { index: true, Component: FirstScreen },
        ...SCREENS.map(({ path, load }) => ({ path, lazy: async () => ({ Component: await load() }) })),
        { path: '*', Component: NotFoundPage },
      ],
    },
  ],
  { basename: CONSOLE_BASENAME },
);
