import { changePassword, changePayPassword, updateUser, userInfo } from '@wallet/contract';
import { sessionOf, type RegisterCall } from '../../http/calls.js';
import type { UserService } from './service.js';

export function userRoutes(call: RegisterCall, users: UserService): void {
  call(userInfo, (_input, context) => users.info(sessionOf(context).userId, context.now));
  call(updateUser, (input, context) => users.update(sessionOf(context).userId, input, context.now));
  call(changePassword, (input, context) => users.changePassword(sessionOf(context), input, context.now));
  call(changePayPassword, (input, context) => users.changePayPassword(sessionOf(context).userId, input, context.now));
}
