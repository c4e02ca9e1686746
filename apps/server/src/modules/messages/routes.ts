import { readUserMessages, userMessages } from '@wallet/contract';
import { sessionOf, type RegisterCall } from '../../http/calls.js';
import type { Inbox } from './inbox.js';

export function messageRoutes(call: RegisterCall, inbox: Inbox): void {
  call(userMessages, (input, context) => inbox.list(sessionOf(context).userId, input, context.lang));
  call(readUserMessages, (input, context) => inbox.read(sessionOf(context).userId, input.id, context.now));
}
