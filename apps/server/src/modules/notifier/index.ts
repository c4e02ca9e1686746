import type { ModuleManifest, Platform } from '../manifest.js';
import { createNotifier } from './create-notifier.js';
import type { Notifier } from './notifier.js';

export type { Notifier, OutgoingMessage } from './notifier.js';

export function notifierModule({ config, db, now, log }: Platform): ModuleManifest<{ notifier: Notifier }> {
  const notifier = createNotifier(config, db, now, log);
  return { services: { notifier }, close: () => notifier.close() };
}
