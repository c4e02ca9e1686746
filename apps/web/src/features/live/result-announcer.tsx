import { DrawNotification } from '../game';
import { dismissResult, useCurrentResult } from './result-announcements';

/** The user's results as they come, on whatever page is open: one notification at a time, each for 3 s or until closed. */
export function ResultAnnouncer() {
  const result = useCurrentResult();
  if (!result) return null;
  return <DrawNotification key={result.key} periodNo={result.periodNo} outcome={result.outcome} onClose={() => dismissResult(result.key)} />;
}
