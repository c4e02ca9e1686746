import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/api-error';
import { protectionRefusalOf, refusalSentence, type Formats } from './protection-refusal';

/** The key with its values, so a test reads which sentence was chosen and what went into it. */
const t = ((key: string, values?: Record<string, string>) => (values ? `${key} ${JSON.stringify(values)}` : key)) as unknown as TFunction;
const formats: Formats = { amount: (amount) => `$${amount}`, time: (time) => new Date(time).toISOString() };

const refused = (status: number, reason: string, data: Record<string, unknown> = {}) => new ApiError(status, reason as never, 'Refused', {}, { reason, ...data });

describe('a refusal by the player protection', () => {
  it('reads a deposit or loss limit with its window and what it still takes', () => {
    const limit = { kind: 'deposit', period: 'week', amount: '500.00', remaining: '120.50' };
    expect(protectionRefusalOf(refused(422, 'DEPOSIT_LIMIT', { limit }))).toEqual({ mess: 'Refused', kind: 'limit', limit: 'deposit', left: { period: 'week', remaining: '120.50' } });
    expect(protectionRefusalOf(refused(422, 'LOSS_LIMIT', { limit: { ...limit, kind: 'loss', period: 'day' } }))).toEqual({
      mess: 'Refused',
      kind: 'limit',
      limit: 'loss',
      left: { period: 'day', remaining: '120.50' },
    });
  });

  it('reads a break with its end, or that it never ends', () => {
    expect(protectionRefusalOf(refused(403, 'SELF_EXCLUDED', { until: 1_900_000_000_000, permanent: false }))).toEqual({ mess: 'Refused', kind: 'break', until: 1_900_000_000_000, permanent: false });
    expect(protectionRefusalOf(refused(403, 'SELF_EXCLUDED', { until: 253_402_300_799_999, permanent: true }))).toMatchObject({ kind: 'break', permanent: true });
    expect(protectionRefusalOf(refused(403, 'SELF_EXCLUDED'))).toEqual({ mess: 'Refused', kind: 'break', until: undefined, permanent: false });
  });

  it('reads a limit the server did not describe as one, with nothing said of what is left', () => {
    expect(protectionRefusalOf(refused(422, 'DEPOSIT_LIMIT'))).toEqual({ mess: 'Refused', kind: 'limit', limit: 'deposit', left: undefined });
    expect(protectionRefusalOf(refused(422, 'LOSS_LIMIT', { limit: { period: 'year', remaining: '1.00' } }))).toMatchObject({ left: undefined });
  });

  it('is none for any other failure', () => {
    expect(protectionRefusalOf(refused(422, 'INSUFFICIENT_BALANCE'))).toBeUndefined();
    expect(protectionRefusalOf(new Error('offline'))).toBeUndefined();
  });
});

describe('the sentence under a refusal', () => {
  it('says what the limit still takes in its window, as money', () => {
    const sentence = refusalSentence({ mess: '', kind: 'limit', limit: 'deposit', left: { period: 'day', remaining: '40.00' } }, t, formats);
    expect(sentence).toBe('protection.refusal.depositLeft {"period":"protection.periods.day","remaining":"$40.00"}');
    expect(refusalSentence({ mess: '', kind: 'limit', limit: 'loss', left: { period: 'month', remaining: '0.00' } }, t, formats)).toBe(
      'protection.refusal.lossLeft {"period":"protection.periods.month","remaining":"$0.00"}',
    );
  });

  it('says nothing of a limit the server did not describe', () => {
    expect(refusalSentence({ mess: '', kind: 'limit', limit: 'loss', left: undefined }, t, formats)).toBeUndefined();
  });

  it('says until when a break runs, or that it is for good', () => {
    const until = Date.UTC(2027, 4, 12, 14, 30);
    expect(refusalSentence({ mess: '', kind: 'break', until, permanent: false }, t, formats)).toBe('protection.break.until {"until":"2027-05-12T14:30:00.000Z"}');
    expect(refusalSentence({ mess: '', kind: 'break', until: 253_402_300_799_999, permanent: true }, t, formats)).toBe('protection.break.permanent');
    expect(refusalSentence({ mess: '', kind: 'break', until: undefined, permanent: false }, t, formats)).toBeUndefined();
  });
});
