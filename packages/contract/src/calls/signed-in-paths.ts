/**
 * The signed-in calls of PRODUCT §3 whose features are still to come. The
 * server already answers them as signed-in calls (403 unsigned, 401 without a
 * valid session); each path leaves this list when its call is defined.
 */
export const PENDING_SIGNED_IN_PATHS = [
  '/api/user/assets',
  '/api/user/statement',
  '/api/money/channels',
  '/api/money/recharge',
  '/api/money/recharge_list',
  '/api/money/withdrawInfo',
  '/api/money/withdraw',
  '/api/money/widht_list',
  '/api/game/projects',
  '/api/game/period',
  '/api/game/history',
  '/api/game/order',
  '/api/game/orders',
  '/api/feedback/submit',
  '/api/feedback/mine',
] as const;
