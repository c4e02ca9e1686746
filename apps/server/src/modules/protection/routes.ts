import { playerLimits, realityCheck, saveLimit, selfExclude, takeTimeout } from '@wallet/contract';
import { sessionOf, type RegisterCall } from '../../http/calls.js';
import type { LimitChange, ProtectionService } from './protection-service.js';

export function protectionRoutes(call: RegisterCall, protection: ProtectionService): void {
  call(playerLimits, (_input, context) => protection.view(sessionOf(context).userId, context.now));
  // The body's schema has already made sure a limit names its period and amount, a reality check its minutes.
  call(saveLimit, (input, context) => protection.save(sessionOf(context).userId, input as LimitChange, context.now));
  call(takeTimeout, (input, context) => protection.timeout(sessionOf(context).userId, input.days, context.now));
  call(selfExclude, (input, context) => protection.selfExclude(sessionOf(context).userId, input, context.now));
  call(realityCheck, (_input, context) => {
    const session = sessionOf(context);
    return protection.realityCheck(session.userId, session.signedInAt, context.now);
  });
}
