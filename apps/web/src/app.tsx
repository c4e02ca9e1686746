import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { HashRouter } from 'react-router';
import { setFailureHandler } from './api/client';
import { queryClient } from './api/query-client';
import { DelayedSpinner } from './components/delayed-spinner';
import { showToast } from './components/toast';
import { LiveResultsForSession } from './features/live';
import { AppRoutes } from './routes/router';
import { UnauthorizedRedirect } from './routes/unauthorized-redirect';

// The client knows no UI: here the app tells it how a failure shows.
setFailureHandler(showToast);

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<DelayedSpinner />}>
        <HashRouter>
          <UnauthorizedRedirect />
          <AppRoutes />
          <LiveResultsForSession />
        </HashRouter>
      </Suspense>
    </QueryClientProvider>
  );
}
