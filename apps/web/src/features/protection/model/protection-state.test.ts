import type { PlayerProtection } from '@wallet/contract';
import { describe, expect, it } from 'vitest';
import { activeBreak, pendingChange, shownUse, signedAmount, usedShare } from './protection-state';

const none = { day: null, week: null, month: null };
const nothingUsed = { day: '0.00', week: '0.00', month: '0.00' };
const view = (change: Partial<PlayerProtection> = {}): PlayerProtection => ({
  deposit: none,
  loss: none,
  realityCheckMinutes: 0,
  pending: [],
  timeoutUntil: null,
  selfExcludedUntil: null,
  selfExcludedPermanent: false,
  used: { deposit: nothingUsed, loss: nothingUsed },
  ...change,
});

describe('the protection as the page shows it', () => {
  it('finds the change waiting for one limit', () => {
    const raise = { kind: 'loss' as const, period: 'week' as const, amount: '300.00', effectiveAt: 1 };
    const shown = view({ pending: [{ kind: 'deposit', period: 'week', amount: null, effectiveAt: 2 }, raise] });
    expect(pendingChange(shown, 'loss', 'week')).toBe(raise);
    expect(pendingChange(shown, 'loss', 'day')).toBeUndefined();
  });

  it('has no break running, or the later end of a time-out and a self-exclusion', () => {
    expect(activeBreak(view())).toBeUndefined();
    expect(activeBreak(view({ timeoutUntil: 5_000, selfExcludedUntil: 9_000 }))).toEqual({ until: 9_000, permanent: false });
    expect(activeBreak(view({ timeoutUntil: 5_000 }))).toEqual({ until: 5_000, permanent: false });
    expect(activeBreak(view({ selfExcludedUntil: 253_402_300_799_999, selfExcludedPermanent: true }))).toMatchObject({ permanent: true });
  });

  it('shows a net win in the loss window as nothing used', () => {
    expect(shownUse('-12.00')).toBe('0.00');
    expect(shownUse('40.50')).toBe('40.50');
  });

  it('fills the bar with the share of the limit used, at most all of it', () => {
    expect(usedShare('25.00', '100.00')).toBe(0.25);
    expect(usedShare('150.00', '100.00')).toBe(1);
    expect(usedShare('0.00', '100.00')).toBe(0);
  });

  it('signs a gain; a loss carries its minus already', () => {
    expect(signedAmount('12.00')).toBe('+12.00');
    expect(signedAmount('-5.00')).toBe('-5.00');
    expect(signedAmount('0.00')).toBe('0.00');
  });
});
