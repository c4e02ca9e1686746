/**
 * Every stable reason a response can carry, with the HTTP status (= envelope
 * `code`) it always comes with. Clients branch on `reason`, people read `mess`.
 */
export const REASONS = {
  VALIDATION: 400,
  SESSION_REQUIRED: 401,
  SESSION_INVALID: 401,
  SIGNATURE_INVALID: 403,
  REQUEST_STALE: 403,
  REQUEST_REPLAYED: 403,
  ACCOUNT_FROZEN: 403,
  NOT_FOUND: 404,
  USERNAME_TAKEN: 409,
  REQUEST_CONFLICT: 409,
  REQUEST_IN_PROGRESS: 409,
  ALREADY_REVIEWED: 409,
  CREDENTIALS_INVALID: 422,
  CAPTCHA_REQUIRED: 422,
  INSUFFICIENT_BALANCE: 422,
  BALANCE_LIMIT: 422,
  PAY_PASSWORD_WRONG: 422,
  WITHDRAWAL_PENDING_LIMIT: 422,
  RECHARGE_AMOUNT_BUSY: 422,
  RECHARGE_PENDING_LIMIT: 422,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  ACCOUNT_LOCKED: 429,
  CODE_LIMIT_REACHED: 429,
  PAY_PASSWORD_LOCKED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type Reason = keyof typeof REASONS;
export type ReasonStatus = (typeof REASONS)[Reason];

export function statusOf(reason: Reason): number {
  return REASONS[reason];
}
