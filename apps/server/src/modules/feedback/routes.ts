import { myFeedback, submitFeedback } from '@wallet/contract';
import { sessionOf, type RegisterCall } from '../../http/calls.js';
import type { FeedbackService } from './feedback.js';

export function feedbackRoutes(call: RegisterCall, feedback: FeedbackService): void {
  call(submitFeedback, (input, context) => feedback.submit(sessionOf(context).userId, input, context.now));
  call(myFeedback, (input, context) => feedback.mine(sessionOf(context).userId, input, context.now));
}
