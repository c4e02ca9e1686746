import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, lazy } from 'react';
import { HashRouter } from 'react-router';
import { setFailureHandler } from './api/client';
import { queryClient } from './api/query-client';
import { DelayedSpinner } from './components/delayed-spinner';
import { ForSession } from './components/for-session';
import { showToast } from './components/toast';
import { LiveResults } from './features/live';
import { withLaterTexts } from './i18n';
import { AppRoutes } from './routes/router';
import { UnauthorizedRedirect } from './routes/unauthorized-redirect';

// The client knows no UI: here the app tells it how a failure shows.
setFailureHandler(showToast);

// Downloaded only for a signed-in user, and its reminder only when one falls due.
const RealityCheck = lazy(withLaterTexts(() => import('./pages/myindex/protection/reality-check')));

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<DelayedSpinner />}>
        <HashRouter>
          <UnauthorizedRedirect />
          <AppRoutes />
          <ForSession>
            <LiveResults />
          </ForSession>
          <ForSession>
            <RealityCheck />
          </ForSession>
        </HashRouter>
      </Suspense>
    </QueryClientProvider>
  );
}
