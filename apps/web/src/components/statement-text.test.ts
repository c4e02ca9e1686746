import { TRANSFER_KINDS } from '@wallet/contract/core';
import { describe, expect, it } from 'vitest';
import en from '../i18n/locales/en.json';
import { balanceAfterKey, headlineOf, movementText, signOf, signedText } from './statement-text';

const textOf = (key: string) => key.split('.').reduce<unknown>((texts, part) => (texts as Record<string, unknown>)[part], en);

const movement = (amount: string, frozen = '0.00', coin = 0) => ({ amount, frozen, coin });

describe('statement movements in words', () => {
  it('give every kind of transfer a title, and each but an adjustment a note on where the money went', () => {
    for (const kind of TRANSFER_KINDS) {
      const { titleKey, noteKey } = movementText(kind);
      expect(typeof textOf(titleKey), titleKey).toBe('string');
      if (kind === 'adjustment') expect(noteKey).toBeUndefined();
      else expect(typeof textOf(noteKey!), noteKey).toBe('string');
    }
  });

  it('read a withdrawal as a person does: requested and frozen, paid out, or back', () => {
    const words = (kind: string) => {
      const { titleKey, noteKey } = movementText(kind);
      return [textOf(titleKey), noteKey && textOf(noteKey)];
    };
    expect(words('withdrawal_requested')).toEqual(['Withdrawal', 'Frozen until reviewed']);
    expect(words('withdrawal_approved')).toEqual(['Withdrawal paid out', 'Paid to your card from the frozen funds']);
    expect(words('withdrawal_refused')).toEqual(['Withdrawal refused', 'Back to your balance']);
  });

  it('name a kind the app does not know a movement, without a note', () => {
    expect(movementText('something_new')).toEqual({ titleKey: 'money.statement.kinds.other', noteKey: undefined });
    expect(textOf('money.statement.kinds.other')).toBe('Movement');
  });
});

describe('the figure a movement leads with', () => {
  it("is the balance's change when the balance moved", () => {
    expect(headlineOf(movement('-500.80', '500.80'))).toEqual({ text: '-500.80', sign: 'out', unit: 'money' });
    expect(headlineOf(movement('500.80', '-500.80'))).toEqual({ text: '+500.80', sign: 'in', unit: 'money' });
    expect(headlineOf(movement('12.00'))).toEqual({ text: '+12.00', sign: 'in', unit: 'money' });
  });

  it('is the payout without a sign when only the frozen funds moved: the balance already moved at the request', () => {
    expect(headlineOf(movement('0.00', '-500.80'))).toEqual({ text: '500.80', sign: 'none', unit: 'money' });
  });

  it('is what a chased period took from the reserve, without a sign, when only the reserve moved', () => {
    const placed = { amount: '0.00', frozen: '0.00', coin: 0, legs: [{ account: 'chase', amount: '-6.00' }] };
    expect(headlineOf(placed)).toEqual({ text: '6.00', sign: 'none', unit: 'money' });
  });

  it('is credit points, as points, when only they moved', () => {
    expect(headlineOf(movement('0.00', '0.00', 7))).toEqual({ text: '+7', sign: 'in', unit: 'points' });
    expect(headlineOf(movement('0.00', '0.00', -2))).toEqual({ text: '-2', sign: 'out', unit: 'points' });
  });
});

describe('the balance after a line', () => {
  it("names the account the line moved, so a credit point line never reads as the money balance", () => {
    expect(textOf(balanceAfterKey('available'))).toBe('Balance after');
    expect(textOf(balanceAfterKey('frozen'))).toBe('Frozen after');
    expect(textOf(balanceAfterKey('chase'))).toBe('Chase reserve after');
    expect(textOf(balanceAfterKey('coin'))).toBe('Credit points after');
    expect(balanceAfterKey('unknown')).toBe('money.statement.balanceAfter');
  });
});

describe('signed amounts', () => {
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
