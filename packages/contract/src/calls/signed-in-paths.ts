/**
 * The signed-in calls of PRODUCT §3 whose features are still to come. The
 * server already answers them as signed-in calls (403 unsigned, 401 without a
 * valid session); each path leaves this list when its call is defined.
 */
export const PENDING_SIGNED_IN_PATHS = [
  '/api/feedback/submit',
  '/api/feedback/mine',
] as const;
