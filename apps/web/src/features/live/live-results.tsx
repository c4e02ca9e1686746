import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../../api/api-error';
import { fetchEventsTicket } from './api/events-ticket';
import { applyLiveEvent, refetchEverything } from './apply-live-event';
import { openLiveConnection } from './live-connection';
import { setLiveUp, useLiveUp } from './live-status';
import { ResultAnnouncer } from './result-announcer';
import { clearResults } from './result-announcements';
import { useResultPolling } from './use-result-polling';

/** A refusal that asking again will not change: the session is over (the client has already sent the user to sign in). */
const isFinal = (error: unknown) => error instanceof ApiError && (error.status === 401 || error.status === 403);

/**
 * Live results for the signed-in user (PRODUCT §6): one stream while the app
 * is open, its events applied to what the app shows, each result announced on
 * whatever page is open; while the stream is down, polling stands in for it.
 * Mounted per session: signing out unmounts it, which ends the stream at once.
 */
export default function LiveResults() {
  const queryClient = useQueryClient();
  const live = useLiveUp();
  useResultPolling(!live);

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const connection = openLiveConnection({
      fetchTicket: fetchEventsTicket,
      isFinal,
      openSource: (url) => new EventSource(url),
      onEvent: (event) => applyLiveEvent(queryClient, event),
      onReset: () => refetchEverything(queryClient),
      onState: setLiveUp,
    });
    return () => {
      connection.close();
      clearResults();
    };
  }, [queryClient]);

  return <ResultAnnouncer />;
}
