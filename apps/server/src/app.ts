import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { ALL_CALLS, PENDING_SIGNED_IN_PATHS } from '@wallet/contract';
import type { Config } from './config.js';
import type { OpenDatabase } from './db/database.js';
import { createCallRegistrar, registerSessionGate, type CallDependencies } from './http/calls.js';
import { registerErrorHandling } from './http/error-handler.js';
import { registerHealth } from './http/health.js';
import { loadMessages } from './http/messages.js';
import { registerApiDocs } from './http/openapi.js';
import { ReplayStore } from './http/replay-store.js';
import { registerRequestLanguage } from './http/request-language.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { noSessions } from './http/session.js';
import { createSignatureVerifier } from './http/signature.js';
import { registerStaticApp } from './http/static-app.js';
import { loggerOptions } from './logging.js';
import { publicInfoRoutes } from './modules/public-info/routes.js';
import { createPublicInfoService } from './modules/public-info/service.js';
import { defaultSettings } from './modules/settings/defaults.js';
import { createSettingsService, type SettingsService } from './modules/settings/service.js';

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
  const logger = options.logStream
    ? { ...loggerOptions(config.logLevel), stream: options.logStream }
    : loggerOptions(config.logLevel);

  const app = Fastify({
    logger,
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: () => randomUUID(),
  });

  const messages = await loadMessages();
  const settings = createSettingsService(database.db, defaultSettings(config.defaultLang), now);
  const deps: CallDependencies = {
    messages,
    resolveSession: noSessions,
    verifier: createSignatureVerifier({
      appId: config.appId,
      keys: config.signingKeys,
      replayStore: new ReplayStore(database.db),
      now,
    }),
  };

  // The app speaks JSON only (multipart arrives with uploads); any other body is 415.
  app.removeContentTypeParser('text/plain');
  registerRequestLanguage(app, config.defaultLang);
  registerErrorHandling(app, messages);
  await registerSecurityHeaders(app);
  registerHealth(app, database.db);
  await registerApiDocs(app, ALL_CALLS);

  await app.register(async (site) => {
    const register = createCallRegistrar(site, deps);
    publicInfoRoutes(register, createPublicInfoService(settings));
    registerSessionGate(site, deps, PENDING_SIGNED_IN_PATHS);
    const [signingKey] = config.signingKeys;
    await registerStaticApp(site, config.webDistDir, { appId: config.appId, keyId: signingKey!.keyId, key: signingKey!.key });
  });

  return { app, settings };
}
