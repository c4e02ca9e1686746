import { formatMoney } from '@wallet/contract/core';
import { centsOf } from '../../../components/amount-input';

interface SettledOrder {
  amount: string;
  payout: string | null;
}

export interface DrawOutcome {
  /** At least one order of the period paid out. */
  won: boolean;
  ordered: string;
  payout: string;
  /** payout − ordered, signed. */
  profit: string;
}

/** What a draw did to the user's orders of its period, added up in cents. */
export function drawOutcome(orders: readonly SettledOrder[]): DrawOutcome {
  const ordered = orders.reduce((sum, order) => sum + centsOf(order.amount), 0);
  const payout = orders.reduce((sum, order) => sum + (order.payout === null ? 0 : centsOf(order.payout)), 0);
  return { won: payout > 0, ordered: formatMoney(ordered), payout: formatMoney(payout), profit: formatMoney(payout - ordered) };
}
