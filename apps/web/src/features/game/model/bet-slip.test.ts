import { describe, expect, it } from 'vitest';
import { MAX_SELECTIONS, clampQuantity, emptySlip, selectionCents, selectionsOf, slipCost, toggleOption, type Slip } from './bet-slip';

const range = { min: 1, max: 10_000 };

describe('the bet slip', () => {
  it('starts empty at the project minimum quantity', () => {
    expect(emptySlip({ min: 5, max: 100 })).toEqual({ options: [], quantity: 5 });
  });

  it('adds an option once, takes it out on a second tap and keeps the tap order', () => {
    let slip = emptySlip(range);
    slip = toggleOption(slip, 'sum-9').slip;
    slip = toggleOption(slip, 'big').slip;
    expect(slip.options).toEqual(['sum-9', 'big']);
    slip = toggleOption(slip, 'sum-9').slip;
    expect(slip.options).toEqual(['big']);
  });

  it('takes at most 20 options, and says so when full', () => {
    const full: Slip = { options: Array.from({ length: MAX_SELECTIONS }, (_, i) => `sum-${i}`), quantity: 1 };
    expect(toggleOption(full, 'big')).toEqual({ slip: full, full: true });
    // Taking one out still works on a full slip.
    expect(toggleOption(full, 'sum-3').slip.options).toHaveLength(MAX_SELECTIONS - 1);
  });

  it('keeps the quantity whole and within the project range', () => {
    expect(clampQuantity(0, range)).toBe(1);
    expect(clampQuantity(3.7, range)).toBe(3);
    expect(clampQuantity(20_000, range)).toBe(10_000);
    expect(clampQuantity(Number.NaN, { min: 2, max: 9 })).toBe(2);
  });

  it('lists every option with the one quantity for the order call', () => {
    expect(selectionsOf({ options: ['big', 'odd'], quantity: 3 })).toEqual([
      { option: 'big', quantity: 3 },
      { option: 'odd', quantity: 3 },
    ]);
  });
});

describe('the cost of a slip', () => {
  it('costs quantity × unit amount for each selection, in whole cents', () => {
    expect(selectionCents(7, '0.10')).toBe(70);
    expect(selectionCents(3, '1.15')).toBe(345);
    // Not the total shared out: 3 × 0.33 is 0.99 a selection, however many selections there are.
    expect(selectionCents(3, '0.33')).toBe(99);
  });

  it('is selections × quantity × unit amount, in whole cents', () => {
    expect(slipCost({ options: ['big', 'small', 'odd'], quantity: 7 }, '0.10', '5.00')).toEqual({
      totalCents: 210,
      total: '2.10',
      balanceAfter: '2.90',
      shortCents: 0,
    });
  });

  it('has no float rounding where decimals would have one', () => {
    // 0.1 × 3 is 0.30000000000000004 in floating point.
    expect(slipCost({ options: ['big', 'small', 'odd'], quantity: 1 }, '0.10', undefined).total).toBe('0.30');
    expect(slipCost({ options: ['big'], quantity: 3 }, '1.15', '3.45').balanceAfter).toBe('0.00');
  });

  it('says how much the balance lacks', () => {
    expect(slipCost({ options: ['big', 'small'], quantity: 10 }, '1.00', '12.50')).toEqual({
      totalCents: 2000,
      total: '20.00',
      balanceAfter: '-7.50',
      shortCents: 750,
    });
  });

  it('costs nothing while empty, and knows no balance after before the balance came', () => {
    expect(slipCost(emptySlip(range), '1.00', undefined)).toEqual({ totalCents: 0, total: '0.00', balanceAfter: undefined, shortCents: 0 });
  });
});
