import { TRANSFER_KINDS } from '@wallet/contract/core';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/locales/en.json';
import { entryTextKey, signOf, signedText } from './statement-text';

/** Each user account a transfer kind touches (PRODUCT §5). */
const PAIRS: [string, string][] = [
  ['recharge_approved', 'available'],
  ['withdrawal_requested', 'available'],
  ['withdrawal_requested', 'frozen'],
  ['withdrawal_approved', 'frozen'],
  ['withdrawal_refused', 'frozen'],
  ['withdrawal_refused', 'available'],
  ['order_placed', 'available'],
  ['order_won', 'available'],
  ['order_points', 'coin'],
  ['adjustment', 'available'],
  ['adjustment', 'coin'],
];

const textOf = (key: string) => key.split('.').reduce<unknown>((texts, part) => (texts as Record<string, unknown>)[part], en);

describe('statement entries in words', () => {
  it('say what every pair of the ledger means', () => {
    for (const [kind, account] of PAIRS) {
      const key = entryTextKey(kind, account);
      expect(key, `${kind} on ${account}`).toBeDefined();
      expect(typeof textOf(key!), key).toBe('string');
    }
    expect(textOf(entryTextKey('withdrawal_requested', 'available')!)).toBe('Withdrawal requested (moved to freeze)');
  });

  it('cover every kind of transfer', () => {
    expect(new Set(PAIRS.map(([kind]) => kind))).toEqual(new Set(TRANSFER_KINDS));
  });

  it('have no text for a pair the ledger never writes', () => {
    expect(entryTextKey('order_points', 'available')).toBeUndefined();
    expect(entryTextKey('something_new', 'available')).toBeUndefined();
  });

  it('show money in with a plus and money out with its minus', () => {
    expect(signedText('12.00')).toBe('+12.00');
    expect(signedText('-12.00')).toBe('-12.00');
    expect(signedText('5')).toBe('+5');
    expect(signedText('0.00')).toBe('0.00');
    expect(signOf('-0.01')).toBe('out');
    expect(signOf('0.01')).toBe('in');
    expect(signOf('0.00')).toBe('none');
  });
});
