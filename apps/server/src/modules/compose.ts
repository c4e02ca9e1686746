import { authModule } from './auth/index.js';
import { captchaModule } from './captcha/index.js';
import { contactModule } from './contact/index.js';
import { contentModule } from './content/index.js';
import { dashboardModule } from './dashboard/index.js';
import { eventsModule } from './events/index.js';
import { exportsModule } from './exports/index.js';
import { feedbackModule } from './feedback/index.js';
import { gameModule } from './game/index.js';
import { invitesModule } from './invites/index.js';
import { messagesModule } from './messages/index.js';
import type { ModuleManifest, Platform } from './manifest.js';
import { moneyModule } from './money/index.js';
import { notifierModule } from './notifier/index.js';
import { operatorsModule } from './operators/index.js';
import { outboxModule } from './outbox/index.js';
import { operatorProtectionView, protectionModule } from './protection/index.js';
import { publicInfoModule } from './public-info/index.js';
import { rateLimitModule } from './rate-limit/index.js';
import { sessionsModule } from './sessions/index.js';
import { settingsModule } from './settings/index.js';
import { uploadsModule } from './uploads/index.js';
import { usersModule } from './users/index.js';
import { verificationModule } from './verification/index.js';

/**
 * Every module of the server, each built from the platform and the services
 * of the modules built before it, passed by name. A module may also use the
 * plain functions and types another exports from its index.ts (a view, a
 * filter, a class): those need no instance.
 */
export function composeModules(platform: Platform) {
  const settings = settingsModule(platform);
  const rateLimit = rateLimitModule(platform);
  const sessions = sessionsModule(platform);
  const notifier = notifierModule(platform);
  const { limiter } = rateLimit.services;
  const captcha = captchaModule(platform, { limiter });
  const verification = verificationModule(platform, { limiter, notifier: notifier.services.notifier });
  const uploads = uploadsModule(platform, { limiter });
  const { links } = uploads.services;
  const events = eventsModule(platform);
  const { liveEvents } = events.services;
  const money = moneyModule(platform, { settings: settings.services.settings, links, liveEvents });
  const game = gameModule(platform, { liveEvents });
  const operators = operatorsModule(platform, { limiter, operatorSessions: sessions.services.operatorSessions, settings: settings.services.settings });
  const publicInfo = publicInfoModule({ settings: settings.services.settings, beacon: platform.config.fairnessBeacon, beaconChain: game.services.beaconChain });
  const modules: ModuleManifest[] = [
    settings,
    rateLimit,
    sessions,
    notifier,
    captcha,
    verification,
    publicInfo,
    authModule(platform, { ...captcha.services, ...verification.services, limiter, userSessions: sessions.services.userSessions, links }),
    usersModule(platform, { limiter, userSessions: sessions.services.userSessions, links, assetsOf: (userId) => money.services.assets.assets(userId),
      protectionOf: (userId, now) => operatorProtectionView(platform.db, userId, now),
    }),
    contactModule(platform, { ...captcha.services, ...verification.services, notifier: notifier.services.notifier, limiter, links }),
    messagesModule(platform),
    uploads,
    events,
    money,
    game,
    protectionModule(platform, { limiter, liveEvents, cancelWaitingChases: game.services.cancelWaitingChases }),
    contentModule(platform, { ...game.services, liveEvents }),
    feedbackModule(platform, { links }),
    operators,
    exportsModule(platform, operators.services),
    invitesModule(platform),
    outboxModule(platform),
    dashboardModule(platform, game.services),
  ];
  return {
    modules,
    settings: settings.services.settings,
    resolveUserSession: sessions.services.resolveUserSession,
    findOperator: operators.services.findOperator,
    serverInfo: publicInfo.services.serverInfo,
  };
}
