import { describe, expect, it } from 'vitest';
import { drawOutcome } from './draw-outcome';

describe("a draw's outcome for the user", () => {
  it('is the net of the period: 2.00 + 1.00 + 3.00 ordered and 3.90 paid back is a loss of 2.10, not a win of 3.90', () => {
    const orders = [
      { amount: '2.00', payout: '3.90' },
      { amount: '1.00', payout: '0.00' },
      { amount: '3.00', payout: '0.00' },
    ];
    expect(drawOutcome(orders)).toEqual({ net: 'loss', netAmount: '2.10', anyPaid: true, ordered: '6.00', payout: '3.90', profit: '-2.10', voided: false });
  });

  it('is a gain of what came back beyond the amount ordered', () => {
    const orders = [
      { amount: '2.00', payout: '3.90' },
      { amount: '0.10', payout: '0.00' },
    ];
    expect(drawOutcome(orders)).toMatchObject({ net: 'gain', netAmount: '1.80', profit: '1.80' });
  });

  it('is even when the payouts give back exactly what was ordered', () => {
    expect(drawOutcome([{ amount: '1.00', payout: '2.00' }, { amount: '1.00', payout: '0.00' }])).toMatchObject({ net: 'even', netAmount: '0.00', anyPaid: true, profit: '0.00' });
  });

  it('is a loss of everything ordered when nothing paid, also for orders not settled yet', () => {
    expect(drawOutcome([{ amount: '20.00', payout: '0.00' }, { amount: '1.00', payout: null }])).toEqual({
      net: 'loss',
      netAmount: '21.00',
      anyPaid: false,
      ordered: '21.00',
      payout: '0.00',
      profit: '-21.00',
      voided: false,
    });
  });

  it('is void when every order came back with its period void: even, never a win', () => {
    const refunded = [
      { amount: '2.00', payout: '2.00', voided: true },
      { amount: '1.00', payout: '1.00', voided: true },
    ];
    expect(drawOutcome(refunded)).toEqual({ net: 'even', netAmount: '0.00', anyPaid: true, ordered: '3.00', payout: '3.00', profit: '0.00', voided: true });
    expect(drawOutcome([{ amount: '1.00', payout: '2.00' }, { amount: '1.00', payout: '0.00' }]).voided).toBe(false);
  });
});
