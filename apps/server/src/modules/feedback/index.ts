import type { ModuleManifest, Platform } from '../manifest.js';
import type { UploadLinks } from '../uploads/index.js';
import { createFeedbackService } from './feedback.js';
import { createOperatorFeedback } from './operator-feedback.js';
import { feedbackOperatorRoutes } from './operator-routes.js';
import { feedbackRoutes } from './routes.js';

export { unreadReplies } from './feedback.js';

export function feedbackModule({ db }: Platform, { links }: { links: UploadLinks }): ModuleManifest {
  const feedback = createFeedbackService(db, links);
  const admin = createOperatorFeedback(db, links);
  return { services: {}, routes: (call) => feedbackRoutes(call, feedback), operatorRoutes: (call) => feedbackOperatorRoutes(call, admin) };
}
