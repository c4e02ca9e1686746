import { describe, expect, it } from 'vitest';
import { formatReturnToPlayer, returnToPlayerRange } from './return-to-player';

describe('return to player', () => {
  it('reads as a percentage with at most two decimals', () => {
    expect(formatReturnToPlayer('0.9479', 'en')).toBe('94.79%');
    expect(formatReturnToPlayer('0.9600', 'en')).toBe('96%');
  });

  it('is written the reader’s way, with Latin digits', () => {
    expect(formatReturnToPlayer('0.9479', 'de')).toMatch(/^94,79\s%$/);
    expect(formatReturnToPlayer('0.9479', 'ar')).toMatch(/94[.,٫]79/);
  });

  it('spans the options of a group from lowest to highest', () => {
    expect(returnToPlayerRange(['0.9583', '0.9479', '0.9600'], 'en')).toEqual({ from: '94.79%', to: '96%' });
    expect(returnToPlayerRange(['0.9600', '0.9600'], 'en')).toEqual({ from: '96%', to: '96%' });
    expect(returnToPlayerRange([], 'en')).toBeUndefined();
  });
});
