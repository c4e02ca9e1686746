import type { OperatorCallPath } from '@wallet/contract/core';

/** Every screen's address under /console/, in one place. */
export const PATHS = {
  signIn: '/sign-in',
  dashboard: '/dashboard',
  recharges: '/recharges',
  withdrawals: '/withdrawals',
  adjustments: '/adjustments',
  users: '/users',
  userDetail: '/users/:userId',
  orders: '/orders',
  projects: '/projects',
  periods: '/periods',
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

export type ScreenKey = Exclude<keyof typeof PATHS, 'signIn' | 'userDetail'>;

/** The call a screen is built on: an operator whose role may not make it does not see the screen. */
export const SCREEN_CALLS: Record<ScreenKey, OperatorCallPath> = {
  dashboard: '/admin/api/dashboard',
  recharges: '/admin/api/recharges',
  withdrawals: '/admin/api/withdrawals',
  adjustments: '/admin/api/adjustments/pending',
  users: '/admin/api/users',
  orders: '/admin/api/orders',
  projects: '/admin/api/projects',
  periods: '/admin/api/periods',
  content: '/admin/api/content/list',
  feedback: '/admin/api/feedback',
  settings: '/admin/api/settings',
  invites: '/admin/api/invites/create',
  outbox: '/admin/api/outbox',
  audit: '/admin/api/audit',
  ledger: '/admin/api/ledger/verify',
  operators: '/admin/api/operators',
  account: '/admin/api/me',
};

export const userDetailPath = (userId: string) => `/users/${encodeURIComponent(userId)}`;

/** A path with its query, e.g. the recharges of one user. */
export const withQuery = (path: string, query: Record<string, string>) => `${path}?${new URLSearchParams(query).toString()}`;
