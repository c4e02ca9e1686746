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
}

export function isErrorData(data: unknown): data is ErrorData {
  return typeof data === 'object' && data !== null && typeof (data as { reason?: unknown }).reason === 'string';
}
