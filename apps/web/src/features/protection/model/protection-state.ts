import type { LimitKind, LimitPeriod } from '@wallet/contract/core';
import type { PlayerProtection } from '@wallet/contract';
import { centsOf } from '../../../components/amount-input';

export type PendingChange = PlayerProtection['pending'][number];

/** The change of a limit that waits for its 24 hours, if one does. */
export const pendingChange = (view: PlayerProtection, kind: LimitKind, period: LimitPeriod): PendingChange | undefined =>
  view.pending.find((change) => change.kind === kind && change.period === period);

/** The break running now (the later of a time-out and a self-exclusion), if any. */
export function activeBreak(view: PlayerProtection): { until: number; permanent: boolean } | undefined {
  const until = Math.max(view.timeoutUntil ?? 0, view.selfExcludedUntil ?? 0);
  return until > 0 ? { until, permanent: view.selfExcludedPermanent } : undefined;
}

/** A window's use as the page shows it: a net win in the loss window has used none of the limit. */
export const shownUse = (used: string): string => (centsOf(used) < 0 ? '0.00' : used);

/** How much of the limit the window holds, from 0 to 1. */
export function usedShare(used: string, limit: string): number {
  const limitCents = centsOf(limit);
  return limitCents <= 0 ? 1 : Math.min(1, Math.max(0, centsOf(used) / limitCents));
}

/** A result with its sign: a gain reads "+12.00", a loss "-5.00", nothing "0.00". */
export const signedAmount = (amount: string): string => (centsOf(amount) > 0 ? `+${amount}` : amount);
