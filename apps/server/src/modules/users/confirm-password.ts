import { AppError } from '../../errors.js';
import { verifyPassword } from '../../security/passwords.js';
import type { RateLimiter } from '../rate-limit/index.js';
import type { UserRow } from './store.js';

const PASSWORD_CHECKS_PER_WINDOW = 10;
const PASSWORD_CHECK_WINDOW_MS = 15 * 60 * 1000;

/** The login password of a signed-in user, checked at most 10 times per 15 minutes per account whatever asks; wrong is PASSWORD_WRONG on `field`. */
export async function confirmPassword(limiter: RateLimiter, user: UserRow, password: string, field: string, now: number): Promise<void> {
  await limiter.enforce({ key: `password-check:${user.id}`, max: PASSWORD_CHECKS_PER_WINDOW, windowMs: PASSWORD_CHECK_WINDOW_MS }, now);
  if (!(await verifyPassword(user.password_hash, password))) throw AppError.field(field, 'PASSWORD_WRONG');
}
