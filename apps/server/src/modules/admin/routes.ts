import { userDetail, changeOperatorPassword, createInvite, freezeUser, listAudit, listOutbox, listUsers, operatorLogin, operatorLogout } from '@wallet/contract';
import { operatorOf, type RegisterOperatorCall } from '../../http/operator-calls.js';
import type { AdminService } from './service.js';

export function adminRoutes(call: RegisterOperatorCall, admin: AdminService): void {
  call(operatorLogin, (input, { ip, now }) => admin.login(input, ip, now), { withoutSession: true });
  call(operatorLogout, (_input, context) => admin.logout(operatorOf(context).token));
  call(changeOperatorPassword, (input, context) => admin.changePassword(operatorOf(context), input, context.ip, context.now));
  call(listUsers, (input) => admin.listUsers(input));
  call(userDetail, (input) => admin.userDetail(input.userId));
  call(freezeUser, (input, context) => admin.freezeUser(operatorOf(context).id, input, context.now));
  call(createInvite, (_input, context) => admin.createInvite(operatorOf(context).id, context.now));
  call(listOutbox, (input) => admin.outbox(input));
  call(listAudit, (input) => admin.audit(input));
}
