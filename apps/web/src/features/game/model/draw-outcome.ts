import { formatMoney } from '@wallet/contract/core';
import { centsOf } from '../../../components/amount-input';

interface SettledOrder {
  amount: string;
  payout: string | null;
  /** Its period was void: the amount came back in full. */
  voided?: boolean;
}

/** What the period did to the user's money, all orders counted: more back than ordered, less, or the same. */
export type NetResult = 'gain' | 'loss' | 'even';

export interface DrawOutcome {
  net: NetResult;
  /** How much was gained or lost, without a sign; 0.00 when even. */
  netAmount: string;
  /** At least one order of the period paid out (the gain or loss is still the net). */
  anyPaid: boolean;
  ordered: string;
  payout: string;
  /** payout − ordered, signed. */
  profit: string;
  /** The period was void: nothing was won or lost, every order came back. */
  voided: boolean;
}

/** What a draw did to the user's orders of its period, added up in cents: the headline is the net, never one order's payout. */
export function drawOutcome(orders: readonly SettledOrder[]): DrawOutcome {
  const ordered = orders.reduce((sum, order) => sum + centsOf(order.amount), 0);
  const payout = orders.reduce((sum, order) => sum + (order.payout === null ? 0 : centsOf(order.payout)), 0);
  const profit = payout - ordered;
  return {
    net: profit > 0 ? 'gain' : profit < 0 ? 'loss' : 'even',
    netAmount: formatMoney(Math.abs(profit)),
    anyPaid: payout > 0,
    ordered: formatMoney(ordered),
    payout: formatMoney(payout),
    profit: formatMoney(profit),
    voided: orders.length > 0 && orders.every((order) => order.voided === true),
  };
}
