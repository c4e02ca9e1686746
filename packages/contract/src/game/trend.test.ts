import { describe, expect, it } from 'vitest';
import { trendOf } from './trend.js';

describe('the trend', () => {
  it('counts hits and the periods since each sum and face last came, newest first', () => {
    const trend = trendOf([
      [1, 2, 3],
      [4, 4, 4],
      [1, 1, 2],
    ]);
    expect(trend.periods).toBe(3);
    expect(trend.sums['6']).toEqual({ hits: 1, missing: 0 });
    expect(trend.sums['12']).toEqual({ hits: 1, missing: 1 });
    expect(trend.sums['4']).toEqual({ hits: 1, missing: 2 });
    expect(trend.sums['18']).toEqual({ hits: 0, missing: 3 });
    expect(trend.faces['4']).toEqual({ hits: 3, missing: 1 });
    expect(trend.faces['1']).toEqual({ hits: 3, missing: 0 });
    expect(trend.faces['6']).toEqual({ hits: 0, missing: 3 });
  });
});
