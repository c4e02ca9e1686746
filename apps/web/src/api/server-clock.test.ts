import { describe, expect, it } from 'vitest';
import { clockOffsetMs } from './server-clock';

describe('the offset of the server clock', () => {
  it('is zero when both clocks agree and the server answered halfway through the round trip', () => {
    expect(clockOffsetMs(1_000_150, 1_000_000, 1_000_300)).toBe(0);
  });

  it('is positive when the phone is behind and negative when it is ahead', () => {
    expect(clockOffsetMs(1_090_000, 1_000_000, 1_000_000)).toBe(90_000);
    expect(clockOffsetMs(1_000_000, 1_120_000, 1_120_200)).toBe(-120_100);
  });

  it('leaves half of a slow round trip out of it', () => {
    // Sent at 0, answered at 2 s: the server's reading belongs to 1 s, not to the moment the answer arrived.
    expect(clockOffsetMs(5_001_000, 5_000_000, 5_002_000)).toBe(0);
  });
});
