import { createInvite } from '@wallet/contract';
import { operatorOf, type RegisterOperatorCall } from '../../http/operator-calls.js';
import type { OperatorInvites } from './operator-invites.js';

export function invitesOperatorRoutes(call: RegisterOperatorCall, invites: OperatorInvites): void {
  call(createInvite, (_input, context) => invites.createInvite(operatorOf(context).id, context.now));
}
