import { forgetPassword, logOut, register, sendRegisterCode, sendResetCode, signIn } from '@wallet/contract';
import { sessionOf, type RegisterCall } from '../../http/calls.js';
import type { AuthService } from './service.js';

export function authRoutes(call: RegisterCall, auth: AuthService): void {
  call(register, (input, { ip, now }) => auth.register(input, ip, now));
  call(signIn, (input, { ip, now }) => auth.signIn(input, ip, now));
  call(sendRegisterCode, (input, { ip, lang, now }) => auth.sendRegisterCode(input, ip, lang, now));
  call(sendResetCode, (input, { ip, now }) => auth.sendResetCode(input, ip, now));
  call(forgetPassword, (input, { ip, now }) => auth.forgetPassword(input, ip, now));
  call(logOut, (_input, context) => auth.logOut(sessionOf(context).token));
}
