import { screen, within } from '@testing-library/react';
import { PERMANENT_EXCLUSION_UNTIL } from '@wallet/contract/core';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../components/date-time';
import { renderAs } from '../../../testing/render';
import type { PlayerProtection } from './protection-words';
import { UserProtection } from './user-protection';

const inADay = Date.now() + 86_400_000;
const none = { day: null, week: null, month: null };
const nothingUsed = { day: '0.00', week: '0.00', month: '0.00' };
const protection: PlayerProtection = {
  deposit: { ...none, week: '500.00' },
  loss: none,
  realityCheckMinutes: 30,
  pending: [{ kind: 'deposit', period: 'week', amount: '900.00', effectiveAt: inADay }],
  timeoutUntil: inADay,
  selfExcludedUntil: PERMANENT_EXCLUSION_UNTIL,
  selfExcludedPermanent: true,
  used: { deposit: { ...nothingUsed, week: '120.00' }, loss: nothingUsed },
};

describe("a user's player protection", () => {
  it('shows each running break as a tag, the limits with what they hold and a raise waiting, and no way to change them', () => {
    renderAs('support', <UserProtection protection={protection} changes={[]} />);
    const tags = screen.getByTestId('break-tags');
    expect(within(tags).getByText('Self-excluded permanently')).toBeTruthy();
    expect(within(tags).getByText(`Time-out until ${formatDateTime(inADay)}`)).toBeTruthy();
    const week = screen.getByTestId('limit-deposit-week');
    expect(week.textContent).toContain('500.00');
    expect(week.textContent).toContain('Used 120.00');
    expect(week.textContent).toContain('Raise to 900.00');
    expect(week.textContent).toContain(formatDateTime(inADay));
    expect(screen.getByTestId('limit-loss-day').textContent).toContain('No limit');
    expect(screen.getByText('Every 30 min')).toBeTruthy();
    expect(screen.getByText('The user has not changed their protection.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
