import { useState } from 'react';
import { ApiError } from '../api/api-error';
import { createSubmitGuard } from './submit-guard';

/**
 * Runs an async action at most once at a time and at most once per 500 ms
 * (per `scope`, when the action is for one thing among others), and tells
 * whether it is running (to disable and spin its button). A failed call was
 * already shown to the user by the time it rejects.
 */
export function useGuardedAction<Args extends unknown[]>(action: (...args: Args) => Promise<unknown>, scope?: unknown) {
  const [guard] = useState(createSubmitGuard);
  const [pending, setPending] = useState(false);

  const run = (...args: Args): void => {
    if (!guard.tryStart(scope)) return;
    setPending(true);
    void action(...args)
      .catch((error: unknown) => {
        if (!(error instanceof ApiError)) throw error;
      })
      .finally(() => {
        guard.finish();
        setPending(false);
      });
  };

  return { run, pending };
}
