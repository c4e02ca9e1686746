import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { ALL_CALLS } from '@wallet/contract';
import type { Config } from './config.js';
import type { OpenDatabase } from './db/database.js';
import { openRedis } from './db/redis.js';
import { createCallRegistrar } from './http/calls.js';
import { CONNECTIONS_CHECK_MS, createClientErrorHandler } from './http/client-errors.js';
import { registerCompression } from './http/compression.js';
import { drainConnectionsOnShutdown } from './http/drain-connections.js';
import { registerErrorHandling } from './http/error-handler.js';
import { registerHealth } from './http/health.js';
import { loadMessages } from './http/messages.js';
import { createOperatorCallRegistrar } from './http/operator-calls.js';
import { chooseReplayStore } from './http/replay/choose-replay-store.js';
import { registerRequestLanguage } from './http/request-language.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { createSignatureVerifier } from './http/signature.js';
import { registerStaticApp } from './http/static-app.js';
import { Idempotency } from './ledger/idempotency.js';
import { OneLinePerRequest, createLoggers } from './logging.js';
import { composeModules } from './modules/compose.js';
import type { SettingsService } from './modules/settings/index.js';
import { registerMetrics } from './http/metrics-route.js';
import { createMetrics } from './metrics/registry.js';
import { startJobs } from './scheduler/start-jobs.js';

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
  /** From now on /readyz answers 503; `app.close()` then lets requests in flight and the scheduler's round finish. */
  beginShutdown(): void;
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
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    genReqId: () => randomUUID(),
    logController: new OneLinePerRequest(requestLines),
    // A request that trickles in is answered and closed; without these Node waits for it for ever.
    requestTimeout: config.requestTimeoutMs,
    http: { requestTimeout: config.requestTimeoutMs, headersTimeout: config.requestTimeoutMs, connectionsCheckingInterval: CONNECTIONS_CHECK_MS },
    clientErrorHandler: createClientErrorHandler(messages, config.defaultLang),
    // While it shuts down the app still serves requests on connections already open, each connection closing after
    // its last answer (http/drain-connections.ts): a 503 here would fail a POST that nginx may not send elsewhere.
    return503OnClosing: false,
  });

  const { db } = database;
  const redis = config.redisUrl ? openRedis(config.redisUrl) : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  const metrics = createMetrics({ enabled: config.metricsToken !== undefined });
  const poolUse = database.poolUse;
  if (poolUse) {
    metrics.gauge('db_pool_connections', 'Database pool connections: in use, idle, and requests waiting for one', ['state'], (set) => {
      const use = poolUse();
      set({ state: 'used' }, use.total - use.idle);
      set({ state: 'idle' }, use.idle);
      set({ state: 'waiting' }, use.waiting);
    });
  }
  const queriesSent = database.queriesSent;
  if (queriesSent) metrics.counter('db_queries_total', 'Queries sent to the database, each one round trip', [], (set) => set({}, queriesSent()));
  const { modules, settings, resolveUserSession, findOperator, serverInfo } = composeModules({
    config,
    database,
    db,
    messages,
    log: app.log,
    now,
    idempotency: new Idempotency(db),
    metrics,
  });
  const jobs = startJobs(modules.flatMap((module) => module.jobs ?? []), now);
  let shuttingDown = false;
  // The timers stop first; then each module closes in the reverse of the order it was built, one failure not keeping the rest open.
  app.addHook('onClose', async () => {
    await jobs.stop();
    for (const module of [...modules].reverse()) {
      try {
        await module.close?.();
      } catch (error) {
        app.log.error({ err: error }, 'closing a module failed');
      }
    }
  });

  // The app speaks JSON only (multipart arrives with uploads); any other body is 415.
  app.removeContentTypeParser('text/plain');
  registerRequestLanguage(app, config.defaultLang);
  registerErrorHandling(app, messages);
  registerSecurityHeaders(app, config.contentImageHosts);
  await registerCompression(app);
  drainConnectionsOnShutdown(app, () => shuttingDown);
  registerMetrics(app, metrics, config.metricsToken);
  registerHealth(app, database, { shuttingDown: () => shuttingDown, schedulerRunning: jobs.running });
  await app.register(multipart);
  // The whole operator API's map is for developers: in production only when asked for.
  if (config.apiDocs) await (await import('./http/openapi.js')).registerApiDocs(app, ALL_CALLS);

  await app.register(async (site) => {
    const registerCall = createCallRegistrar(site, {
      messages,
      now,
      resolveSession: resolveUserSession,
      verifier: createSignatureVerifier({ appId: config.appId, keys: config.signingKeys, replayStore: chooseReplayStore(database, redis, config.appId), now }),
    });
    const registerOperatorCall = createOperatorCallRegistrar(site, { messages, now, findOperator });
    for (const module of modules) {
      module.routes?.(registerCall, site);
      module.operatorRoutes?.(registerOperatorCall, site);
    }
    const [signingKey] = config.signingKeys;
    await registerStaticApp(site, config.webDistDir, { appId: config.appId, keyId: signingKey!.keyId, key: signingKey!.key }, { displayName: () => settings.get('displayName'), serverInfo });
  });

  return { app, settings, beginShutdown: () => void (shuttingDown = true) };
}
