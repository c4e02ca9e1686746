import { describe, expect, it } from 'vitest';
import type { HomeProject } from '../api/content-queries';
import { DRAW_GRACE_MS, DRAW_POLL_MS } from '../../game';
import { NO_PERIOD_RECHECK_MS, homeRefetchDelayMs } from './home-refetch';

const period = (periodNo: string, opensAt: number, seconds: number) => ({
  projectId: 'p',
  periodNo,
  status: 'open' as const,
  opensAt,
  locksAt: opensAt + (seconds - 10) * 1000,
  drawsAt: opensAt + seconds * 1000,
  serverSeedHash: 'h',
  serverSeed: null,
  dice: null,
  sum: null,
  ordersRoot: null,
  orderCount: null,
  orderedAmount: null,
  beaconRound: null,
  beaconRandomness: null,
  beaconSignature: null,
  voidReason: null,
});

const project = (id: string, opensAt: number, seconds: number, lastDrawn = true): HomeProject => ({
  id,
  name: id,
  cover: '',
  periodSeconds: seconds,
  current: period(`${id}-2`, opensAt, seconds),
  last: lastDrawn ? { ...period(`${id}-1`, opensAt - seconds * 1000, seconds), status: 'drawn', dice: [1, 2, 3], sum: 6 } : null,
});

describe('when the home page asks again', () => {
  it('just after the first of the shown periods draws', () => {
    const now = 1_000_000;
    const home = { projects: [project('slow', now - 10_000, 180), project('fast', now - 10_000, 60)] };
    expect(homeRefetchDelayMs(home, now)).toBe(50_000 + DRAW_GRACE_MS);
  });

  it('every second while a period is past its draw', () => {
    const now = 1_000_000;
    expect(homeRefetchDelayMs({ projects: [project('fast', now - 61_000, 60)] }, now)).toBe(DRAW_POLL_MS);
  });

  it('every second while the result before the running period has not come', () => {
    const now = 1_000_000;
    expect(homeRefetchDelayMs({ projects: [project('fast', now - 2_000, 60, false)] }, now)).toBe(DRAW_POLL_MS);
  });

  it('now and then for a project without a running period, and never without projects', () => {
    expect(homeRefetchDelayMs({ projects: [{ ...project('off', 0, 60), current: null }] }, 5)).toBe(NO_PERIOD_RECHECK_MS);
    expect(homeRefetchDelayMs({ projects: [] }, 5)).toBe(false);
  });
});
