import { describe, expect, it } from 'vitest';
import type { ChasePeriod } from '../api/game-queries';
import { canCancel, chaseStateOf, periodsDone } from './chase-state';

const period = (state: ChasePeriod['state'], reason: ChasePeriod['reason'] = null): ChasePeriod => ({ periodNo: '202611280151', state, amount: '2.00', payout: null, reason, orderNos: [] });

describe("a chase's state", () => {
  it('runs while a period waits, and can be cancelled only then', () => {
    const chase = { running: true, periods: [period('won'), period('placed'), period('waiting')] };
    expect(chaseStateOf(chase)).toBe('running');
    expect(periodsDone(chase)).toBe(1);
    expect(canCancel(chase)).toBe(true);
    expect(canCancel({ periods: [period('lost'), period('placed')] })).toBe(false);
  });

  it('ends cancelled when the user cancelled it, else finished (also when a win stopped it)', () => {
    expect(chaseStateOf({ running: false, periods: [period('lost'), period('cancelled', 'CANCELLED')] })).toBe('cancelled');
    expect(chaseStateOf({ running: false, periods: [period('won'), period('cancelled', 'STOPPED_ON_WIN')] })).toBe('finished');
    expect(periodsDone({ periods: [period('won'), period('cancelled', 'STOPPED_ON_WIN'), period('skipped', 'EXPOSURE_LIMIT')] })).toBe(3);
  });
});
