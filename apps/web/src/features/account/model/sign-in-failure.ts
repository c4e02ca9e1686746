import type { ApiError } from '../../../api/api-error';

/** After 3 failures for a username the server wants a captcha: it says so with the failure, or by refusing the next try. */
export function captchaNeededAfter(error: ApiError): boolean {
  return error.reason === 'CAPTCHA_REQUIRED' || error.data['captchaRequired'] === true || 'captchaCode' in error.fields;
}

/** Minutes until a locked account may try again, rounded up; undefined when the failure is no lock. */
export function lockedMinutes(error: ApiError): number | undefined {
  if (error.reason !== 'ACCOUNT_LOCKED' || error.retryAfterSeconds === undefined) return undefined;
  return Math.max(1, Math.ceil(error.retryAfterSeconds / 60));
}
