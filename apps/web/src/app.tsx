import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { RouterProvider } from 'react-router/dom';
import { setFailureHandler, setUnauthorizedHandler } from './api/client';
import { queryClient } from './api/query-client';
import { DelayedSpinner } from './components/delayed-spinner';
import { showToast } from './components/toast';
import { PATHS, loginPathReturningTo } from './routes/paths';
import { router } from './routes/router';

// The client knows no routes and no UI: here the app tells it where a 401 leads and how a failure shows.
setUnauthorizedHandler(() => {
  const { pathname, search } = router.state.location;
  if (pathname !== PATHS.login) void router.navigate(loginPathReturningTo(pathname, search), { replace: true });
});
setFailureHandler(showToast);

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<DelayedSpinner />}>
        <RouterProvider router={router} />
      </Suspense>
    </QueryClientProvider>
  );
}
