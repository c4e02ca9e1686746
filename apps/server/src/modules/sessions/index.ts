import type { SessionResolver } from '../../http/session.js';
import type { ModuleManifest, Platform } from '../manifest.js';
import { OPERATOR_SESSION_TTL_MS, SessionStore, USER_SESSION_TTL_MS } from './session-store.js';
import { userSessionResolver } from './user-session-resolver.js';

export type { SessionStore } from './session-store.js';
export { hashToken } from './tokens.js';

export interface SessionServices {
  userSessions: SessionStore;
  operatorSessions: SessionStore;
  resolveUserSession: SessionResolver;
}

export function sessionsModule({ db, database, now }: Platform): ModuleManifest<SessionServices> {
  const userSessions = new SessionStore(db, 'user_sessions', USER_SESSION_TTL_MS);
  return {
    services: {
      userSessions,
      operatorSessions: new SessionStore(db, 'operator_sessions', OPERATOR_SESSION_TTL_MS),
      resolveUserSession: userSessionResolver(db, database.dialect, userSessions, now),
    },
  };
}
