import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { historyIndex } from './history';

/** history.go answers with popstate; should it never come, the app still moves on. */
const POPSTATE_WAIT_MS = 1000;

/**
 * The seed's relaunch (after login and logout): the history collapses to the
 * entry this visit started with, which becomes `to`, so back can no longer
 * lead to the page left behind.
 */
export function useRelaunch(): (to: string) => void {
  const navigate = useNavigate();
  return useCallback(
    (to: string) => {
      const steps = historyIndex();
      if (steps === 0) {
        void navigate(to, { replace: true });
        return;
      }
      let arrived = false;
      const arrive = () => {
        if (arrived) return;
        arrived = true;
        window.removeEventListener('popstate', arrive);
        clearTimeout(timer);
        void navigate(to, { replace: true });
      };
      const timer = setTimeout(arrive, POPSTATE_WAIT_MS);
      window.addEventListener('popstate', arrive);
      window.history.go(-steps);
    },
    [navigate],
  );
}
