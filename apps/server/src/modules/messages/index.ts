import { periodicJob } from '../../scheduler/periodic-job.js';
import type { ModuleManifest, Platform } from '../manifest.js';
import { createInbox, pruneMessages } from './inbox.js';
import { messageRoutes } from './routes.js';

export { writeMessages, type MessageDraft } from './message-drafts.js';

const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/** The user's messages (PRODUCT §12): written by the other modules with their changes, read and marked read here. */
export function messagesModule({ db, messages, log }: Platform): ModuleManifest {
  const inbox = createInbox(db, messages);
  return {
    services: {},
    routes: (call) => messageRoutes(call, inbox),
    jobs: [periodicJob({ name: 'messages pruning', intervalMs: PRUNE_INTERVAL_MS, run: (at) => pruneMessages(db, at) }, log)],
  };
}
