import { freezeUser, listUsers, userDetail } from '@wallet/contract';
import { operatorOf, type RegisterOperatorCall } from '../../http/operator-calls.js';
import type { OperatorUsers } from './operator-users.js';

export function usersOperatorRoutes(call: RegisterOperatorCall, users: OperatorUsers): void {
  call(listUsers, (input) => users.listUsers(input));
  call(userDetail, (input, context) => users.userDetail(input.userId, context.now));
  call(freezeUser, (input, context) => users.freezeUser(operatorOf(context).id, input, context.now));
}
