import { ApiError } from '../../../api/api-error';

/** The reasons a recharge, order or chase is refused by the player's own limit or break; a form shows them in a note with the way to the limits. */
export const PROTECTION_REASONS: readonly string[] = ['DEPOSIT_LIMIT', 'LOSS_LIMIT', 'SELF_EXCLUDED'];

export const isProtectionRefusal = (error: unknown): boolean => error instanceof ApiError && PROTECTION_REASONS.includes(error.reason);
