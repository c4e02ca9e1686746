/**
 * Every screen's address under /console/, in one place. Plain data with no
 * imports, so features, shared components and routes may all use it; the
 * screens registry (routes/screens.tsx) adds what each screen needs beyond it.
 */
export const PATHS = {
  signIn: '/sign-in',
  dashboard: '/dashboard',
  recharges: '/recharges',
  withdrawals: '/withdrawals',
  adjustments: '/adjustments',
  users: '/users',
  userDetail: '/users/:userId',
  orders: '/orders',
  chases: '/chases',
  projects: '/projects',
  periods: '/periods',
  fairness: '/fairness',
  content: '/content',
  feedback: '/feedback',
  settings: '/settings',
  invites: '/invites',
  outbox: '/outbox',
  audit: '/audit',
  ledger: '/ledger',
  operators: '/operators',
  account: '/account',
} as const;

export type ScreenKey = keyof typeof PATHS;

export const userDetailPath = (userId: string) => `/users/${encodeURIComponent(userId)}`;

/** A path with its query, e.g. the recharges of one user. */
export const withQuery = (path: string, query: Record<string, string>) => `${path}?${new URLSearchParams(query).toString()}`;
