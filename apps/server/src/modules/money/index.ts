import type { LiveEvents } from '../events/index.js';
import type { ModuleManifest, Platform } from '../manifest.js';
import type { SettingsService } from '../settings/index.js';
import type { UploadLinks } from '../uploads/index.js';
import { createAssetsService, type AssetsService } from './assets.js';
import { createAdjustmentService } from './operator-adjustments.js';
import { createReviewService } from './operator-reviews.js';
import { operatorMoneyRoutes } from './operator-routes.js';
import { createPayPasswordCheck } from './pay-password.js';
import { createRechargeExpiry } from './recharge-expiry.js';
import { createRechargeService } from './recharges.js';
import { moneyRoutes } from './routes.js';
import { createWithdrawalService } from './withdrawals.js';

export { recordFilters } from './operator-reviews.js';

/** Recharges, withdrawals, assets and the statement; operators' reviews, adjustments and the ledger check. */
export function moneyModule(
  { db, database, idempotency, log, config, metrics }: Platform,
  { settings, links, liveEvents }: { settings: SettingsService; links: UploadLinks; liveEvents: LiveEvents },
): ModuleManifest<{ assets: AssetsService }> {
  const assets = createAssetsService(db);
  const expiry = createRechargeExpiry(db, settings, log);
  const recharges = createRechargeService({ db, settings, idempotency, expiry, links, dialect: database.dialect, maxBatch: config.groupCommitMaxBatch });
  const withdrawals = createWithdrawalService({ db, settings, idempotency, checkPayPassword: createPayPasswordCheck(db) });
  const reviews = createReviewService({ db, dialect: database.dialect, expiry, links, liveEvents, maxBatch: config.groupCommitMaxBatch });
  metrics.watchGroupCommit('recharge creations', recharges.groupCommitCounts);
  metrics.watchGroupCommit('recharge reviews', reviews.groupCommitCounts);
  const adjustments = createAdjustmentService(db, idempotency, settings, liveEvents);
  return {
    services: { assets },
    routes: (call) => moneyRoutes(call, { assets, recharges, withdrawals }),
    operatorRoutes: (call) => operatorMoneyRoutes(call, { database, assets, reviews, adjustments }),
    jobs: [expiry.job],
  };
}
