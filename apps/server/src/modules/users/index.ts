import type { ModuleManifest, Platform } from '../manifest.js';
import type { RateLimiter } from '../rate-limit/index.js';
import type { SessionStore } from '../sessions/index.js';
import type { UploadLinks } from '../uploads/index.js';
import { usersOperatorRoutes } from './operator-routes.js';
import { createOperatorUsers, type OperatorUsersDependencies } from './operator-users.js';
import { userRoutes } from './routes.js';
import { createUserService } from './service.js';

export { findUserById, findUserByUsername, profileOf, usernameKey } from './store.js';
export { confirmPassword } from './confirm-password.js';
export { maskContact } from './mask-contact.js';

export interface UsersModuleDependencies {
  limiter: RateLimiter;
  userSessions: SessionStore;
  links: UploadLinks;
  assetsOf: OperatorUsersDependencies['assetsOf'];
  protectionOf: OperatorUsersDependencies['protectionOf'];
}

/** A user's own profile and passwords; operators finding, reading and freezing users. */
export function usersModule({ db }: Platform, { limiter, userSessions, links, assetsOf, protectionOf }: UsersModuleDependencies): ModuleManifest {
  const users = createUserService({ db, sessions: userSessions, limiter, links });
  const operatorUsers = createOperatorUsers({ db, assetsOf, protectionOf });
  return {
    services: {},
    routes: (call) => userRoutes(call, users),
    operatorRoutes: (call) => usersOperatorRoutes(call, operatorUsers),
  };
}
