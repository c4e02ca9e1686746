import { readAudit } from '../../audit/read-audit.js';
import type { FindOperator } from '../../http/operator-calls.js';
import { LoginThrottle, OPERATOR_LOGIN_POLICY } from '../auth/index.js';
import type { ModuleManifest, Platform } from '../manifest.js';
import type { RateLimiter } from '../rate-limit/index.js';
import type { SessionStore } from '../sessions/index.js';
import type { SettingsService } from '../settings/index.js';
import { operatorsRoutes } from './operator-routes.js';
import { createOperatorSessionService } from './operator-session.js';
import { createTeamService } from './operator-team.js';
import { sessionOperatorResolver } from './session-operator.js';

export { ensureFirstOperator, type FirstOperator } from './first-operator.js';

export interface OperatorsModuleDependencies {
  limiter: RateLimiter;
  operatorSessions: SessionStore;
  settings: SettingsService;
}

export interface OperatorServices {
  /** The operator a bearer token belongs to, or null: every console call asks. */
  findOperator: FindOperator;
}

/** Operators signing in, managing each other (roles, TOTP), and reading the audit log. */
export function operatorsModule({ db, database, config }: Platform, { limiter, operatorSessions, settings }: OperatorsModuleDependencies): ModuleManifest<OperatorServices> {
  const session = createOperatorSessionService({ db, sessions: operatorSessions, throttle: new LoginThrottle(db, OPERATOR_LOGIN_POLICY), limiter });
  const team = createTeamService({ db, timeZone: config.timeZone, sessions: operatorSessions, settings });
  return {
    services: { findOperator: sessionOperatorResolver(db, database.dialect, operatorSessions, settings) },
    operatorRoutes: (call) => operatorsRoutes(call, { session, team, readAudit: (input) => readAudit(db, config.timeZone, input) }),
  };
}
