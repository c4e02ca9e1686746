import { periodicJob } from '../../scheduler/periodic-job.js';
import type { ModuleManifest, Platform } from '../manifest.js';
import type { LiveEvents } from '../events/index.js';
import type { PeriodReads } from '../game/index.js';
import { NOTICE_ROUND_MS, announceDueNotices } from './notice-announcements.js';
import { createOperatorContent } from './operator-content.js';
import { contentOperatorRoutes } from './operator-routes.js';
import { createPublicContent } from './public-content.js';
import { contentRoutes } from './routes.js';

export { ensureFirstContent } from './first-content.js';

/** Notices, activities, banners, about and the agreement: read in the app, published from the console. */
export function contentModule({ db, config, log }: Platform, { periodReads, liveEvents }: { periodReads: PeriodReads; liveEvents: LiveEvents }): ModuleManifest {
  const content = createPublicContent(db, periodReads, config.contentImageHosts);
  const admin = createOperatorContent(db, config.contentImageHosts, liveEvents);
  return {
    services: {},
    routes: (call) => contentRoutes(call, content),
    operatorRoutes: (call) => contentOperatorRoutes(call, admin),
    jobs: [periodicJob({ name: 'notice announcements', intervalMs: NOTICE_ROUND_MS, run: (now) => announceDueNotices(db, liveEvents, now) }, log)],
  };
}
