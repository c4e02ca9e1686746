import { formatMoney } from '@wallet/contract/core';
import { ApiError } from '../../../api/api-error';
import type { ChaseFields, OrderFields } from '../api/game-mutations';
import type { GameProject } from '../api/game-queries';
import { serverAnswered } from '../../../api/request-id';
import { selectionCents, selectionsOf, type Slip } from './bet-slip';
import { CHASE_PERIODS, NO_CHASE, type ChaseChoice } from './chase-plan';

/** One selection as the confirm sheet shows it: the odds of the moment it opened, and what it costs. */
export interface PinnedLine {
  code: string;
  odds: string | undefined;
  amount: string;
}

/**
 * An order as the confirm sheet showed it when it opened. Its period,
 * selections, quantity and odds no longer follow the page (the next period
 * opening, odds changing), so every try sends exactly these fields, and a
 * retry after no answer the same request id: the server then answers the
 * first result, or PERIOD_CLOSED, and never places it a second time.
 */
export interface PinnedOrder {
  fields: OrderFields;
  slip: Slip;
  unitAmount: string;
  lines: readonly PinnedLine[];
}

export function pinOrder(project: GameProject, periodNo: string, slip: Slip): PinnedOrder {
  const pinned: Slip = { options: [...slip.options], quantity: slip.quantity };
  const amount = formatMoney(selectionCents(pinned.quantity, project.unitAmount));
  return {
    fields: { projectId: project.id, periodNo, selections: selectionsOf(pinned) },
    slip: pinned,
    unitAmount: project.unitAmount,
    lines: pinned.options.map((code) => ({ code, odds: project.options.find((option) => option.code === code)?.odds, amount })),
  };
}

/** The confirm under way: its pinned order, whether the sheet shows it, and what became of its last try. */
export interface Confirming {
  pin: PinnedOrder;
  shown: boolean;
  /** A try went out and no answer came (yet): the order may have been placed, so the next press asks again with the same request id. */
  unanswered: boolean;
  /** The last try's failure, in the sheet. */
  failure: ApiError | undefined;
  /** Whether the order is chased over more periods, as the sheet's chase option says. */
  chase: ChaseChoice;
}

const confirming = (pin: PinnedOrder, chase: ChaseChoice = NO_CHASE): Confirming => ({ pin, shown: true, unanswered: false, failure: undefined, chase });

/** The sheet's chase option changed; not while a try awaits its answer, whose retry must ask exactly the same. */
export function chooseChase(current: Confirming, change: Partial<ChaseChoice>): Confirming {
  if (current.unanswered) return current;
  const chase = { ...current.chase, ...change };
  const periods = Math.min(CHASE_PERIODS.max, Math.max(CHASE_PERIODS.min, Math.trunc(chase.periods) || CHASE_PERIODS.min));
  return { ...current, chase: { ...chase, periods }, failure: undefined };
}

/** The chase call's fields for a confirm with its chase option on: the pinned order from its period on. */
export function chaseFieldsOf({ pin, chase }: Confirming): ChaseFields {
  const { periodNo, ...order } = pin.fields;
  return { ...order, startPeriodNo: periodNo, periods: chase.periods, stopOnWin: chase.stopOnWin };
}

/**
 * Opening the sheet pins the slip on the period shown. While a try is
 * unanswered the sheet opens on that order again, whatever the page shows
 * now: closing it between tries does not make the next period's order of it.
 */
export function openConfirm(current: Confirming | undefined, project: GameProject, periodNo: string, slip: Slip): Confirming {
  return current?.unanswered ? { ...current, shown: true } : confirming(pinOrder(project, periodNo, slip));
}

/** A try is on its way: until its answer comes, the order may be placed. */
export const tryStarted = (current: Confirming): Confirming => ({ ...current, unanswered: true, failure: undefined });

/** A try failed: refused by the server (the next press is a new order) or without an answer (the next press retries it). */
export function tryFailed(current: Confirming, error: unknown): Confirming {
  // An expired session leads to the login page; the sheet does not repeat it.
  const shown = error instanceof ApiError && error.status !== 401 ? error : undefined;
  return { ...current, unanswered: !serverAnswered(error), failure: shown };
}

/** After the order's period closed: the same selections pinned anew on the period open now, a new order with a new request id. */
export const pinOnPeriod = (current: Confirming, project: GameProject, periodNo: string): Confirming =>
  confirming(pinOrder(project, periodNo, current.pin.slip), current.chase);

/** The period orders go into now, by the server's clock (the next one while the one shown is locked); `open` false when none takes orders. */
export interface LivePeriod {
  periodNo: string;
  open: boolean;
}

/** What the sheet offers for a confirm. */
export interface ConfirmView {
  /** The confirm button takes a press: the order's period takes it, or a try of it awaits its answer. */
  canSubmit: boolean;
  /** The period running now when it is not the order's: the sheet says which period the order is for. */
  movedTo: string | undefined;
  /** Say that the order's period takes no more orders (unless the server's refusal already says so). */
  closed: boolean;
  /** The balance is short: the way to recharge. */
  short: boolean;
  /** The period open now, offered as a new confirm once the order's period closed and no try awaits its answer. */
  offer: string | undefined;
}

export function confirmView({ pin, unanswered, failure }: Confirming, live: LivePeriod, shortCents: number): ConfirmView {
  const samePeriod = live.periodNo === pin.fields.periodNo;
  const refusedClosed = failure?.reason === 'PERIOD_CLOSED';
  const takesOrders = samePeriod && live.open && !refusedClosed;
  return {
    // A retry is always allowed: its answer tells whether the order was placed, whatever the period or balance shows now.
    canSubmit: unanswered || (takesOrders && shortCents === 0),
    movedTo: samePeriod ? undefined : live.periodNo,
    closed: !unanswered && !takesOrders && !refusedClosed,
    short: !unanswered && (shortCents > 0 || failure?.reason === 'INSUFFICIENT_BALANCE'),
    offer: !unanswered && !takesOrders && !samePeriod && live.open ? live.periodNo : undefined,
  };
}
