import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

let onFailure: (message: string) => void = () => {};

/** The app says how a failed action shows (a message at the top); the api layer stays free of UI. */
export function setFailureHandler(handler: (message: string) => void): void {
  onFailure = handler;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        // A 4xx will not change by asking again; network trouble might.
        retry: (failures, error) => failures < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
      },
    },
    mutationCache: new MutationCache({
      onError(error, _variables, _context, mutation) {
        if (mutation.meta?.['quiet']) return;
        // An ended session shows as the sign-in page, not as a message.
        if (error instanceof ApiError && error.status === 401 && error.reason.startsWith('SESSION')) return;
        onFailure(error instanceof ApiError ? error.mess : String(error));
      },
    }),
  });
}
