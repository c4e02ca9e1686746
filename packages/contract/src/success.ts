/** The success texts a call may answer with in `mess`; most answer OK. */
export const SUCCESS_KEYS = [
  'OK',
  'LOGIN',
  'REGISTER',
  'LOGOUT',
  'CODE_SENT',
  'PASSWORD_CHANGED',
  'PAY_PASSWORD_CHANGED',
  'PASSWORD_RESET',
  'SAVED',
  'UPLOADED',
  'RECHARGE_CREATED',
  'WITHDRAW_CREATED',
  'REVIEWED',
  'ORDER_PLACED',
  'CHASE_STARTED',
  'CHASE_CANCELLED',
  'FEEDBACK_SENT',
  'DELETED',
  'CONTACT_BOUND',
] as const;

export type SuccessKey = (typeof SUCCESS_KEYS)[number];
