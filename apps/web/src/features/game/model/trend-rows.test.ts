import { trendOf, type Dice } from '@wallet/contract/game';
import { describe, expect, it } from 'vitest';
import { trendRows } from './trend-rows';

describe('the trend rows', () => {
  // Newest first.
  const throws: Dice[] = [
    [6, 6, 5],
    [1, 2, 3],
    [6, 2, 2],
    [6, 4, 1],
  ];
  const trend = trendOf(throws);

  it('list faces in order, each with its bar against the most frequent', () => {
    const rows = trendRows(trend.faces);
    expect(rows.map((row) => row.key)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(rows.find((row) => row.key === '6')).toMatchObject({ hits: 4, share: 1, missing: 0 });
    expect(rows.find((row) => row.key === '3')).toMatchObject({ hits: 1, share: 0.25, missing: 1 });
  });

  it('mark the three most frequent as hot and the three missing longest', () => {
    const rows = trendRows(trend.faces);
    // Faces 6, 2 and 1 came most (4, 3 and 2 dice). 4 is missing for 3 periods; 1, 2 and 3 tie at one period behind it, too many to name.
    expect(rows.filter((row) => row.hot).map((row) => row.key)).toEqual(['1', '2', '6']);
    expect(rows.filter((row) => row.cold).map((row) => row.key)).toEqual(['4']);
  });

  it('mark a tie all or not at all', () => {
    // Twelve sums never came: all equally missing, so none is singled out; four sums came once each.
    const rows = trendRows(trend.sums);
    expect(rows.filter((row) => row.cold)).toEqual([]);
    expect(rows.filter((row) => row.hot)).toEqual([]);
    expect(rows.find((row) => row.key === '3')).toMatchObject({ hits: 0, missing: 4 });
  });

  it('marks nothing hot before any draw', () => {
    const rows = trendRows(trendOf([]).faces);
    expect(rows.some((row) => row.hot || row.cold)).toBe(false);
    expect(rows.every((row) => row.share === 0)).toBe(true);
  });
});
