import { randomUUID } from 'node:crypto';
import path from 'node:path';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { ALL_CALLS } from '@wallet/contract';
import type { Config } from './config.js';
import type { OpenDatabase } from './db/database.js';
import { createCallRegistrar, type CallDependencies } from './http/calls.js';
import { CONNECTIONS_CHECK_MS, createClientErrorHandler } from './http/client-errors.js';
import { registerErrorHandling } from './http/error-handler.js';
import { registerHealth } from './http/health.js';
import { loadMessages } from './http/messages.js';
import { registerApiDocs } from './http/openapi.js';
import { chooseReplayStore } from './http/replay/choose-replay-store.js';
import { openRedis } from './db/redis.js';
import { registerRequestLanguage } from './http/request-language.js';
import { registerCompression } from './http/compression.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { createSignatureVerifier } from './http/signature.js';
import { registerStaticApp } from './http/static-app.js';
import { createOperatorCallRegistrar } from './http/operator-calls.js';
import { sessionOperatorResolver } from './modules/operators/session-operator.js';
import { operatorTeamRoutes } from './modules/operators/routes.js';
import { dashboardRoutes } from './modules/dashboard/routes.js';
import { createDashboard } from './modules/dashboard/dashboard.js';
import { exportRoutes } from './modules/exports/routes.js';
import { createTeamService } from './modules/operators/team.js';
import { OneLinePerRequest, createLoggers } from './logging.js';
import { adminRoutes } from './modules/admin/routes.js';
import { createAdminService } from './modules/admin/service.js';
import { LoginThrottle, OPERATOR_LOGIN_POLICY, USER_LOGIN_POLICY } from './modules/auth/login-throttle.js';
import { authRoutes } from './modules/auth/routes.js';
import { createAuthService } from './modules/auth/service.js';
import { captchaRoutes } from './modules/captcha/routes.js';
import { createCaptchaService } from './modules/captcha/service.js';
import { createNotifier } from './modules/notifier/create-notifier.js';
import { RateLimiter } from './modules/rate-limit/limiter.js';
import { OPERATOR_SESSION_TTL_MS, SessionStore, USER_SESSION_TTL_MS } from './modules/sessions/session-store.js';
import { userSessionResolver } from './modules/sessions/user-session-resolver.js';
import { operatorUploadRoutes, serveUploads, uploadRoutes } from './modules/uploads/routes.js';
import { createUploadService } from './modules/uploads/service.js';
import { createLocalDiskStorage } from './modules/uploads/storage.js';
import { userRoutes } from './modules/users/routes.js';
import { createUserService } from './modules/users/service.js';
import { createCodeSender } from './modules/verification/code-sender.js';
import { VerificationCodes } from './modules/verification/codes.js';
import { publicInfoRoutes } from './modules/public-info/routes.js';
import { createPublicInfoService } from './modules/public-info/service.js';
import { defaultSettings } from './modules/settings/defaults.js';
import { createSettingsService, type SettingsService } from './modules/settings/service.js';
import { openSettingsChangeFeed } from './modules/settings/change-feed.js';
import { createOperatorSettings } from './modules/settings/operator-settings.js';
import { Idempotency } from './ledger/idempotency.js';
import { createAdjustmentService } from './modules/money/adjustments.js';
import { createAssetsService } from './modules/money/assets.js';
import { operatorMoneyRoutes } from './modules/money/operator-routes.js';
import { createPayPasswordCheck } from './modules/money/pay-password.js';
import { createRechargeExpiry } from './modules/money/recharge-expiry.js';
import { createPeriodReads } from './modules/game/period-reads.js';
import { createOrderService } from './modules/game/orders.js';
import { createProjectCache } from './modules/game/project-cache.js';
import { gameRoutes } from './modules/game/routes.js';
import { gameOperatorRoutes } from './modules/game/operator-routes.js';
import { createGameOperatorReads } from './modules/game/operator-reads.js';
import { createProjectAdmin } from './modules/game/project-admin.js';
import { createPeriodRunner } from './scheduler/period-runner.js';
import { createRechargeService } from './modules/money/recharges.js';
import { createReviewService } from './modules/money/reviews.js';
import { moneyRoutes } from './modules/money/routes.js';
import { createWithdrawalService } from './modules/money/withdrawals.js';
import { createContentAdmin } from './modules/content/content-admin.js';
import { contentOperatorRoutes } from './modules/content/operator-routes.js';
import { createPublicContent } from './modules/content/public-content.js';
import { contentRoutes } from './modules/content/routes.js';
import { createFeedbackService } from './modules/feedback/feedback.js';
import { createFeedbackAdmin } from './modules/feedback/feedback-admin.js';
import { feedbackOperatorRoutes } from './modules/feedback/operator-routes.js';
import { feedbackRoutes } from './modules/feedback/routes.js';

export interface AppOptions {
  config: Config;
  database: OpenDatabase;
  now?: () => number;
  /** Where log lines go; tests pass a stream to read them. */
  logStream?: DestinationStream;
}

export interface BuiltApp {
  app: FastifyInstance;
  settings: SettingsService;
}

const BODY_LIMIT_BYTES = 1024 * 1024;

export async function buildApp(options: AppOptions): Promise<BuiltApp> {
  const { config, database } = options;
  const now = options.now ?? Date.now;
  const { logger, requestLines } = createLoggers(config.logLevel, options.logStream);

  const messages = await loadMessages();
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    logController: new OneLinePerRequest(requestLines),
    // A request that trickles in is answered and closed; without these Node waits for it for ever.
    requestTimeout: config.requestTimeoutMs,
    http: { requestTimeout: config.requestTimeoutMs, headersTimeout: config.requestTimeoutMs, connectionsCheckingInterval: CONNECTIONS_CHECK_MS },
    clientErrorHandler: createClientErrorHandler(messages, config.defaultLang),
  });

  const { db } = database;
  const redis = config.redisUrl ? openRedis(config.redisUrl) : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  const settings = createSettingsService(db, defaultSettings(config.defaultLang), now, (onChange) => openSettingsChangeFeed(database, onChange, app.log));
  app.addHook('onClose', async () => settings.close());
  const userSessions = new SessionStore(db, 'user_sessions', USER_SESSION_TTL_MS);
  const operatorSessions = new SessionStore(db, 'operator_sessions', OPERATOR_SESSION_TTL_MS);
  const limiter = new RateLimiter(db);
  const notifier = createNotifier(config, db, now, app.log);
  app.addHook('onClose', async () => notifier.close());
  const storage = createLocalDiskStorage(path.join(config.dataDir, 'uploads'));
  const captcha = createCaptchaService(db, config.captchaFixedAnswer);
  const auth = createAuthService({
    db,
    captcha,
    codes: new VerificationCodes(db, limiter),
    codeSender: createCodeSender(notifier, messages, app.log),
    limiter,
    sessions: userSessions,
    throttle: new LoginThrottle(db, USER_LOGIN_POLICY),
  });
  const users = createUserService({ db, sessions: userSessions, limiter });
  const uploads = createUploadService(db, storage, limiter);
  const idempotency = new Idempotency(db);
  const rechargeExpiry = createRechargeExpiry(db, settings, app.log);
  const stopRechargeExpiry = rechargeExpiry.start(now);
  app.addHook('onClose', async () => stopRechargeExpiry());
  const periodRunner = createPeriodRunner(db, database.dialect, config.timeZone, app.log, () => periodReads.forget());
  const projects = createProjectCache(db);
  const periodReads = createPeriodReads(db, config.timeZone, periodRunner, projects);
  const stopPeriodRunner = periodRunner.start(now);
  app.addHook('onClose', async () => stopPeriodRunner());
  const money = {
    assets: createAssetsService(db),
    recharges: createRechargeService({ db, settings, idempotency, expiry: rechargeExpiry }),
    withdrawals: createWithdrawalService({ db, settings, idempotency, checkPayPassword: createPayPasswordCheck(db) }),
  };
  const operatorMoney = {
    database,
    assets: money.assets,
    reviews: createReviewService(db, rechargeExpiry),
    adjustments: createAdjustmentService(db, idempotency, settings),
    settings: createOperatorSettings(db, settings),
  };
  const admin = createAdminService({ db, timeZone: config.timeZone, assetsOf: (userId) => money.assets.assets(userId), sessions: operatorSessions, throttle: new LoginThrottle(db, OPERATOR_LOGIN_POLICY), limiter });

  const deps: CallDependencies = {
    messages,
    now,
    resolveSession: userSessionResolver(db, userSessions, now),
    verifier: createSignatureVerifier({
      appId: config.appId,
      keys: config.signingKeys,
      replayStore: chooseReplayStore(database, redis, config.appId),
      now,
    }),
  };

  // The app speaks JSON only (multipart arrives with uploads); any other body is 415.
  app.removeContentTypeParser('text/plain');
  registerRequestLanguage(app, config.defaultLang);
  registerErrorHandling(app, messages);
  registerSecurityHeaders(app);
  await registerCompression(app);
  registerHealth(app, db);
  await app.register(multipart);
  await registerApiDocs(app, ALL_CALLS);

  await app.register(async (site) => {
    const register = createCallRegistrar(site, deps);
    publicInfoRoutes(register, createPublicInfoService(settings));
    captchaRoutes(register, captcha, limiter);
    authRoutes(register, auth);
    userRoutes(register, users);
    uploadRoutes(register, uploads);
    serveUploads(site, storage);
    moneyRoutes(register, money);
    gameRoutes(register, periodReads, createOrderService({ db, dialect: database.dialect, idempotency, projects }));
    contentRoutes(register, createPublicContent(db, periodReads));
    feedbackRoutes(register, createFeedbackService(db));
    const findOperator = sessionOperatorResolver(db, operatorSessions, settings);
    const registerOperatorCall = createOperatorCallRegistrar(site, { messages, now, findOperator });
    exportRoutes(site, { db, timeZone: config.timeZone, findOperator, now });
    adminRoutes(registerOperatorCall, admin);
    dashboardRoutes(registerOperatorCall, createDashboard(db, config.timeZone));
    operatorTeamRoutes(registerOperatorCall, createTeamService({ db, timeZone: config.timeZone, sessions: operatorSessions, settings }));
    operatorMoneyRoutes(registerOperatorCall, operatorMoney);
    gameOperatorRoutes(
      registerOperatorCall,
      createProjectAdmin({ db, dialect: database.dialect, timeZone: config.timeZone, projects }),
      createGameOperatorReads(db),
    );
    operatorUploadRoutes(registerOperatorCall, uploads);
    contentOperatorRoutes(registerOperatorCall, createContentAdmin(db));
    feedbackOperatorRoutes(registerOperatorCall, createFeedbackAdmin(db));
    const [signingKey] = config.signingKeys;
    await registerStaticApp(site, config.webDistDir, { appId: config.appId, keyId: signingKey!.keyId, key: signingKey!.key });
  });

  return { app, settings };
}
