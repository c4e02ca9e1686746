import { PERMANENT_EXCLUSION_UNTIL } from '@wallet/contract/core';
import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../components/date-time';
import { breakText, describeProtectionChange, limitText, realityCheckText, usedText } from './protection-words';

const words = { t: i18n.t, symbol: '$' };
const changedAt = Date.UTC(2025, 4, 3, 10, 0, 0);
const tomorrow = changedAt + 86_400_000;
const change = (action: string, before: unknown, after: unknown) => describeProtectionChange({ action, before, after, createdAt: changedAt }, words);

describe('player protection in words', () => {
  it('reads limits, what their windows hold and the reality check', () => {
    expect([limitText('1500.00', words), limitText(null, words)]).toEqual(['$1,500.00', 'No limit']);
    expect([usedText('120.50', words), usedText('-30.00', words)]).toEqual(['Used $120.50', 'Used -$30.00']);
    expect([realityCheckText(0, words), realityCheckText(30, words)]).toEqual(['Off', 'Every 30 min']);
  });

  it('reads a break as none once it is over, as permanent, or until when', () => {
    expect(breakText(null, changedAt, words)).toBe('None');
    expect(breakText(changedAt - 1, changedAt, words)).toBe('None');
    expect(breakText(PERMANENT_EXCLUSION_UNTIL, changedAt, words)).toBe('Permanent');
    expect(breakText(tomorrow, changedAt, words)).toBe(`Until ${formatDateTime(tomorrow)}`);
  });

  it('reads a lower limit, and a raise or removal waiting for its 24 hours', () => {
    expect(change('limit.deposit.week', { amount: null, pending: null }, { amount: '500.00', pending: null })).toEqual({
      what: 'Deposit limit, 7 days',
      before: 'No limit',
      after: '$500.00',
    });
    expect(change('limit.loss.day', { amount: '100.00', pending: null }, { amount: '100.00', pending: { amount: '2500.00', effectiveAt: tomorrow } })).toEqual({
      what: 'Loss limit, 24 hours',
      before: '$100.00',
      after: `$100.00, then $2,500.00 from ${formatDateTime(tomorrow)}`,
    });
    expect(change('limit.loss.month', { amount: '100.00', pending: null }, { amount: '100.00', pending: { amount: null, effectiveAt: tomorrow } }).after).toBe(
      `$100.00, then no limit from ${formatDateTime(tomorrow)}`,
    );
  });

  it('reads the reality check, a time-out with the chases it cancelled, and a permanent self-exclusion', () => {
    expect(change('realityCheck', { minutes: 0 }, { minutes: 15 })).toEqual({ what: 'Reality check', before: 'Off', after: 'Every 15 min' });
    // The trail keeps the end of an earlier break that was already over: at the change it was none.
    expect(change('timeout', { until: changedAt - 5_000 }, { until: tomorrow, chasesCancelled: ['C1', 'C2'] })).toEqual({
      what: 'Time-out',
      before: 'None',
      after: `Until ${formatDateTime(tomorrow)}; waiting chases cancelled: 2`,
    });
    expect(change('selfExclusion', { until: null }, { until: PERMANENT_EXCLUSION_UNTIL, chasesCancelled: [] })).toEqual({
      what: 'Self-exclusion',
      before: 'None',
      after: 'Permanent',
    });
  });

  it('shows a change it cannot read as the server wrote it', () => {
    expect(change('limit.bonus.day', { amount: '1.00' }, null)).toEqual({ what: 'limit.bonus.day', before: '{"amount":"1.00"}', after: 'null' });
    expect(change('realityCheck', { minutes: 'soon' }, { minutes: 15 })).toEqual({ what: 'Reality check', before: '{"minutes":"soon"}', after: '{"minutes":15}' });
  });
});
