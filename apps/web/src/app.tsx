import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from './api/query-client';
import { DelayedSpinner } from './components/delayed-spinner';
import { router } from './routes/router';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<DelayedSpinner />}>
        <RouterProvider router={router} />
      </Suspense>
    </QueryClientProvider>
  );
}
