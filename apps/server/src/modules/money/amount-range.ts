import { formatMoney } from '@wallet/contract';
import { AppError } from '../../errors.js';

/** A recharge or withdrawal amount outside its limits names the field and the limits. */
export function assertAmountInRange(amount: number, limits: { minCents: number; maxCents: number }): void {
  if (amount < limits.minCents || amount > limits.maxCents) {
    throw AppError.field('amount', 'AMOUNT_RANGE', { min: formatMoney(limits.minCents), max: formatMoney(limits.maxCents) });
  }
}
