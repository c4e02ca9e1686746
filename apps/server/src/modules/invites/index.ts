import type { ModuleManifest, Platform } from '../manifest.js';
import { createOperatorInvites } from './operator-invites.js';
import { invitesOperatorRoutes } from './operator-routes.js';

export { randomInviteCode } from './codes.js';
export { ensureRootInviteCode } from './service.js';

export function invitesModule({ db }: Platform): ModuleManifest {
  const invites = createOperatorInvites(db);
  return { services: {}, operatorRoutes: (call) => invitesOperatorRoutes(call, invites) };
}
