import type { Reason } from '@wallet/contract/core';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/api-error';
import { captchaNeededAfter, lockedMinutes } from './sign-in-failure';

const failure = (status: number, reason: Reason, data: Record<string, unknown> = {}, fields: Record<string, string> = {}) =>
  new ApiError(status, reason, 'text', fields, { reason, ...data });

describe('a failed sign-in', () => {
  it('asks for the captcha when the server requires one', () => {
    expect(captchaNeededAfter(failure(422, 'CAPTCHA_REQUIRED'))).toBe(true);
    expect(captchaNeededAfter(failure(422, 'CREDENTIALS_INVALID', { captchaRequired: true }))).toBe(true);
    expect(captchaNeededAfter(failure(400, 'VALIDATION', {}, { captchaCode: 'wrong' }))).toBe(true);
  });

  it('does not ask for it after a plain wrong password', () => {
    expect(captchaNeededAfter(failure(422, 'CREDENTIALS_INVALID', { captchaRequired: false }))).toBe(false);
    expect(captchaNeededAfter(failure(422, 'CREDENTIALS_INVALID'))).toBe(false);
  });

  it('tells how many minutes a lock lasts', () => {
    expect(lockedMinutes(failure(429, 'ACCOUNT_LOCKED', { retryAfterSeconds: 900 }))).toBe(15);
    expect(lockedMinutes(failure(429, 'ACCOUNT_LOCKED', { retryAfterSeconds: 61 }))).toBe(2);
    expect(lockedMinutes(failure(429, 'ACCOUNT_LOCKED', { retryAfterSeconds: 5 }))).toBe(1);
    expect(lockedMinutes(failure(429, 'RATE_LIMITED', { retryAfterSeconds: 30 }))).toBeUndefined();
  });
});
