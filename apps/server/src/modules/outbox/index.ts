import type { ModuleManifest, Platform } from '../manifest.js';
import { createOperatorOutbox } from './operator-outbox.js';
import { outboxOperatorRoutes } from './operator-routes.js';

/** The console's view of the messages the outbox notifier kept (no provider configured). */
export function outboxModule({ db }: Platform): ModuleManifest {
  const outbox = createOperatorOutbox(db);
  return { services: {}, operatorRoutes: (call) => outboxOperatorRoutes(call, outbox) };
}
