import type { ModuleManifest, Platform } from '../manifest.js';
import type { CaptchaService } from '../captcha/index.js';
import type { RateLimiter } from '../rate-limit/index.js';
import type { SessionStore } from '../sessions/index.js';
import type { UploadLinks } from '../uploads/index.js';
import type { CodeSender, VerificationCodes } from '../verification/index.js';
import { LoginThrottle, USER_LOGIN_POLICY } from './login-throttle.js';
import { authRoutes } from './routes.js';
import { createAuthService } from './service.js';

export { LoginThrottle, OPERATOR_LOGIN_POLICY } from './login-throttle.js';

export interface AuthModuleDependencies {
  captcha: CaptchaService;
  codes: VerificationCodes;
  codeSender: CodeSender;
  limiter: RateLimiter;
  userSessions: SessionStore;
  links: UploadLinks;
}

/** Registering, signing in and out, and a forgotten password. */
export function authModule({ db }: Platform, deps: AuthModuleDependencies): ModuleManifest {
  const auth = createAuthService({ db, ...deps, sessions: deps.userSessions, throttle: new LoginThrottle(db, USER_LOGIN_POLICY) });
  return { services: {}, routes: (call) => authRoutes(call, auth) };
}
