import { formatMoney } from '@wallet/contract/core';
import { centsOf } from '../../../components/amount-input';

/** One order call carries at most 20 selections (PRODUCT §6). */
export const MAX_SELECTIONS = 20;

/** The options chosen, in the order they were tapped, and one quantity for each. */
export interface Slip {
  options: readonly string[];
  quantity: number;
}

export interface QuantityRange {
  min: number;
  max: number;
}

export const emptySlip = (range: QuantityRange): Slip => ({ options: [], quantity: range.min });

/** Adds the option, or takes it out when it was in; a full slip takes no more (`full`). */
export function toggleOption(slip: Slip, code: string): { slip: Slip; full: boolean } {
  if (slip.options.includes(code)) return { slip: { ...slip, options: slip.options.filter((option) => option !== code) }, full: false };
  if (slip.options.length >= MAX_SELECTIONS) return { slip, full: true };
  return { slip: { ...slip, options: [...slip.options, code] }, full: false };
}

/** A quantity the project accepts: whole, within its range; anything unreadable is its minimum. */
export function clampQuantity(value: number, range: QuantityRange): number {
  if (!Number.isFinite(value)) return range.min;
  return Math.min(range.max, Math.max(range.min, Math.trunc(value)));
}

export interface SlipCost {
  /** selections × quantity × unit amount, in cents. */
  totalCents: number;
  total: string;
  /** What the balance would be after the order; undefined while the balance is not known. */
  balanceAfter: string | undefined;
  /** How much the balance lacks, in cents; 0 when it is enough. */
  shortCents: number;
}

/** What one selection costs, in whole cents as the server counts it: its quantity × the unit amount. */
export const selectionCents = (quantity: number, unitAmount: string) => quantity * centsOf(unitAmount);

/** What the slip costs, in whole cents as the server counts it, in one period or chased over `periods`; the balance is the assets' two-decimal text. */
export function slipCost(slip: Slip, unitAmount: string, balance: string | undefined, periods = 1): SlipCost {
  const totalCents = slip.options.length * selectionCents(slip.quantity, unitAmount) * periods;
  const balanceCents = balance === undefined ? undefined : centsOf(balance);
  const after = balanceCents === undefined ? undefined : balanceCents - totalCents;
  return {
    totalCents,
    total: formatMoney(totalCents),
    balanceAfter: after === undefined ? undefined : formatMoney(after),
    shortCents: after === undefined || after >= 0 ? 0 : -after,
  };
}

/** The order call's selections: every option with the slip's quantity. */
export const selectionsOf = (slip: Slip) => slip.options.map((option) => ({ option, quantity: slip.quantity }));
