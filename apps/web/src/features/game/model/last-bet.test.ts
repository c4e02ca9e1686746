import { describe, expect, it } from 'vitest';
import { lastBetOf, parseLastBet, repeatLastBet } from './last-bet';

const range = { min: 1, max: 100 };
const available = ['big', 'small', 'sum-9', 'triple-6'];

describe('repeating the last bet', () => {
  it('refills the same options and quantity', () => {
    const stored = JSON.stringify(lastBetOf({ options: ['sum-9', 'big'], quantity: 7 }));
    expect(repeatLastBet(parseLastBet(stored), available, range)).toEqual({ options: ['sum-9', 'big'], quantity: 7 });
  });

  it('leaves out options the project no longer has and keeps the quantity in its range', () => {
    expect(repeatLastBet({ options: ['pair-3', 'small'], quantity: 500 }, available, range)).toEqual({ options: ['small'], quantity: 100 });
  });

  it('has nothing to repeat before a first bet, or when none of its options is left', () => {
    expect(repeatLastBet(parseLastBet(null), available, range)).toBeUndefined();
    expect(repeatLastBet({ options: ['pair-3'], quantity: 1 }, available, range)).toBeUndefined();
  });

  it('takes anything stored in another shape for no last bet', () => {
    for (const text of ['', 'not json', '42', '{"options":"big","quantity":1}', '{"options":[1],"quantity":1}', '{"options":["big"]}']) {
      expect(parseLastBet(text)).toBeUndefined();
    }
  });
});
