import type { Reason } from './reasons.js';

/** Every response body: the HTTP status equals `code`. */
export interface Envelope<T = unknown> {
  code: number;
  mess: string;
  data: T;
}

export interface ErrorData {
  reason: Reason;
  /** Present with VALIDATION: field name → localised message. */
  fields?: Record<string, string>;
  /** Present with RATE_LIMITED. */
  retryAfterSeconds?: number;
  /** Present with CREDENTIALS_INVALID and CAPTCHA_REQUIRED: the next sign-in needs a captcha. */
  captchaRequired?: boolean;
  /** Present with PAY_PASSWORD_WRONG: wrong payment passwords left before withdrawals lock. */
  attemptsLeft?: number;
  /** Present with INTERNAL: the id to quote to support; the log has the details. */
  errorId?: string;
  /** Present with DEPOSIT_LIMIT and LOSS_LIMIT: the limit passed, and what its window still takes (money strings). */
  limit?: { kind: 'deposit' | 'loss'; period: 'day' | 'week' | 'month'; amount: string; remaining: string };
  /** Present with SELF_EXCLUDED: when the break ends (ms), and whether it never does. */
  until?: number;
  permanent?: boolean;
}

export function isErrorData(data: unknown): data is ErrorData {
  return typeof data === 'object' && data !== null && typeof (data as { reason?: unknown }).reason === 'string';
}
