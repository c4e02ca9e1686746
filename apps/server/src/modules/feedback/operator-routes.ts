import { listFeedback, replyFeedback } from '@wallet/contract';
import { operatorOf, type RegisterOperatorCall } from '../../http/operator-calls.js';
import type { OperatorFeedback } from './operator-feedback.js';

export function feedbackOperatorRoutes(call: RegisterOperatorCall, admin: OperatorFeedback): void {
  call(listFeedback, (input, context) => admin.list(input, context.now));
  call(replyFeedback, (input, context) => admin.reply(operatorOf(context).id, input, context.now));
}
