import { describe, expect, it } from 'vitest';
import { drawOutcome } from './draw-outcome';

describe("a draw's outcome for the user", () => {
  it('adds the payouts of the period and nets them against what was ordered', () => {
    const orders = [
      { amount: '1.00', payout: '1.95' },
      { amount: '1.00', payout: '0.00' },
      { amount: '1.00', payout: '0.00' },
    ];
    expect(drawOutcome(orders)).toEqual({ won: true, ordered: '3.00', payout: '1.95', profit: '-1.05' });
  });

  it('is a loss of everything ordered when nothing paid', () => {
    expect(drawOutcome([{ amount: '20.00', payout: '0.00' }])).toEqual({ won: false, ordered: '20.00', payout: '0.00', profit: '-20.00' });
  });

  it('is a gain when the payout passes what was ordered', () => {
    expect(drawOutcome([{ amount: '10.00', payout: '19.50' }])).toMatchObject({ won: true, profit: '9.50' });
  });
});
