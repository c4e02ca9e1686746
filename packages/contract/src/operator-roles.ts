/** PRODUCT §9: every operator has one role; the server checks it on every console call. */
export const OPERATOR_ROLES = ['admin', 'finance', 'support', 'content'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** Signed-in operators of every role: their own session, password and TOTP. */
const EVERYONE = ['admin', 'finance', 'support', 'content'] as const satisfies readonly OperatorRole[];
const ADMIN = ['admin'] as const satisfies readonly OperatorRole[];
const FINANCE = ['admin', 'finance'] as const satisfies readonly OperatorRole[];
const SUPPORT = ['admin', 'support'] as const satisfies readonly OperatorRole[];
/** Reading users, their money and their orders: what finance and support both answer questions from. */
const READ_USERS = ['admin', 'finance', 'support'] as const satisfies readonly OperatorRole[];
const CONTENT = ['admin', 'content'] as const satisfies readonly OperatorRole[];

/**
 * Who may make each console call, by path. Every operator path must be
 * listed (the server refuses to register one that is not), so a new call
 * cannot slip in open to every role.
 */
export const CALL_ROLES = {
  '/admin/api/login': EVERYONE,
  '/admin/api/logout': EVERYONE,
  '/admin/api/me': EVERYONE,
  '/admin/api/password': EVERYONE,
  '/admin/api/operators/totp/setup': EVERYONE,
  '/admin/api/operators/totp/enable': EVERYONE,

  '/admin/api/operators': ADMIN,
  '/admin/api/operators/save': ADMIN,
  '/admin/api/operators/totp/reset': ADMIN,
  '/admin/api/settings': ADMIN,
  '/admin/api/settings/save': ADMIN,
  '/admin/api/settings/threshold/pending': ADMIN,
  '/admin/api/settings/threshold/approve': ADMIN,
  '/admin/api/settings/threshold/reject': ADMIN,
  '/admin/api/projects/save': ADMIN,
  '/admin/api/audit': ADMIN,

  '/admin/api/recharges': FINANCE,
  '/admin/api/recharges/review': FINANCE,
  '/admin/api/withdrawals': FINANCE,
  '/admin/api/withdrawals/review': FINANCE,
  '/admin/api/users/adjust': FINANCE,
  '/admin/api/adjustments/pending': FINANCE,
  '/admin/api/adjustments/approve': FINANCE,
  '/admin/api/adjustments/reject': FINANCE,
  '/admin/api/ledger/verify': FINANCE,
  '/admin/api/dashboard': FINANCE,
  '/admin/api/projects': FINANCE,
  '/admin/api/periods': FINANCE,
  '/admin/api/periods/exposure': FINANCE,
  '/admin/api/fairness': FINANCE,

  '/admin/api/users': READ_USERS,
  '/admin/api/users/detail': READ_USERS,
  '/admin/api/users/statement': READ_USERS,
  '/admin/api/orders': READ_USERS,
  '/admin/api/chases': READ_USERS,
  '/admin/api/users/freeze': SUPPORT,
  '/admin/api/feedback': SUPPORT,
  '/admin/api/feedback/reply': SUPPORT,
  '/admin/api/outbox': SUPPORT,
  '/admin/api/invites/create': SUPPORT,

  '/admin/api/content/list': CONTENT,
  '/admin/api/content/save': CONTENT,
  '/admin/api/content/delete': CONTENT,
  '/admin/api/upload/image': CONTENT,
} as const satisfies Record<`/admin/api/${string}`, readonly OperatorRole[]>;

export type OperatorCallPath = keyof typeof CALL_ROLES;

/** Exports are finance's (PRODUCT §9): reading a list is not taking all of it away; the audit log's is the admin's. */
export const EXPORT_ROLES = {
  recharges: FINANCE,
  withdrawals: FINANCE,
  orders: FINANCE,
  statement: FINANCE,
  audit: ADMIN,
} as const satisfies Record<string, readonly OperatorRole[]>;

/** The calls an operator may make before turning TOTP on, when every operator must use it. */
export const CALLS_BEFORE_TOTP: readonly OperatorCallPath[] = [
  '/admin/api/logout',
  '/admin/api/me',
  '/admin/api/password',
  '/admin/api/operators/totp/setup',
  '/admin/api/operators/totp/enable',
];

export function mayCall(role: OperatorRole, path: string): boolean {
  const roles: readonly OperatorRole[] | undefined = (CALL_ROLES as Record<string, readonly OperatorRole[]>)[path];
  return roles?.includes(role) ?? false;
}
