import { describe, expect, it } from 'vitest';
import { orderTarget } from './order-target';

const S = 1000;
const period = { periodNo: '202611280151', opensAt: 0, locksAt: 50 * S, drawsAt: 60 * S, next: { periodNo: '202611280152', locksAt: 110 * S } };

describe('the period an order goes into', () => {
  it('is the period shown until it locks, also before it opens', () => {
    expect(orderTarget(period, -5 * S)).toEqual({ periodNo: '202611280151', locksAt: 50 * S, isNext: false });
    expect(orderTarget(period, 49_999)).toEqual({ periodNo: '202611280151', locksAt: 50 * S, isNext: false });
  });

  it('is the next period from the lock on, until that one locks too', () => {
    expect(orderTarget(period, 50 * S)).toEqual({ periodNo: '202611280152', locksAt: 110 * S, isNext: true });
    expect(orderTarget(period, 61 * S)).toEqual({ periodNo: '202611280152', locksAt: 110 * S, isNext: true });
    expect(orderTarget(period, 110 * S)).toBeUndefined();
  });

  it('is none while locked when the next period is not known yet', () => {
    expect(orderTarget({ ...period, next: null }, 55 * S)).toBeUndefined();
  });
});
