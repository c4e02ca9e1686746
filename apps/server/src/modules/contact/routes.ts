import { bindContact, sendContactCode } from '@wallet/contract';
import { sessionOf, type RegisterCall } from '../../http/calls.js';
import type { ContactBinding } from './contact-binding.js';

export function contactRoutes(call: RegisterCall, binding: ContactBinding): void {
  call(sendContactCode, (input, context) => binding.sendCode(sessionOf(context).userId, input, context.ip, context.lang, context.now));
  call(bindContact, (input, context) => binding.bind(sessionOf(context).userId, input, context.now));
}
