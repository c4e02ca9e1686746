import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { periodicJob } from '../../scheduler/periodic-job.js';
import type { ModuleManifest, Platform } from '../manifest.js';
import { openEventBus } from './event-bus.js';
import { createEventHub } from './event-hub.js';
import { isWritten, pruneEvents, writeEvents, type EventDraft } from './event-log.js';
import { eventRoutes } from './routes.js';
import { createTickets } from './tickets.js';

export { KEEP_EVENTS_MS, type EventDraft } from './event-log.js';

/** What other modules use to tell the app what happened: events written with the change, published once it committed. */
export interface LiveEvents {
  /** In the transaction of the change; the last thing it writes, as it orders every writer of events behind it until commit. */
  write(trx: Kysely<Database>, drafts: EventDraft[], now: number): Promise<void>;
  /** Whether an event written once under this key is already there (an instance arriving second skips its transaction). */
  isWritten(onceKey: string): Promise<boolean>;
  /** After the commit: every instance's streams read the new events. */
  publish(): void;
}

const PRUNE_INTERVAL_MS = 60_000;

/** Live results (PRODUCT §6): tickets, the event stream, and the log every instance's streams read. */
export function eventsModule({ db, database, config, log, metrics, now }: Platform): ModuleManifest<{ liveEvents: LiveEvents }> {
  const bus = openEventBus(database, config.redisUrl ? { url: config.redisUrl, appId: config.appId } : undefined, log);
  const hub = createEventHub(db, bus, log);
  const tickets = createTickets(db);
  metrics.gauge('live_event_streams', 'Live-results streams open on this instance', [], (set) => set({}, hub.open()));
  const liveEvents: LiveEvents = {
    write: writeEvents,
    isWritten: (onceKey) => isWritten(db, onceKey),
    publish: () => void bus.announce().catch((error: unknown) => log.warn({ err: error }, 'live events: announcing failed; streams find them at their next read')),
  };
  return {
    services: { liveEvents },
    routes: (call, site) => eventRoutes(call, site, { db, hub, tickets, now }),
    jobs: [periodicJob({ name: 'live events pruning', intervalMs: PRUNE_INTERVAL_MS, run: (at) => pruneEvents(db, at) }, log)],
    async close() {
      hub.endAll();
      await hub.close();
      await bus.close();
    },
  };
}
