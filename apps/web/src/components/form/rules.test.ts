import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { codeSchema, contactSchema, inviteCodeSchema, passwordSchema, payPasswordSchema, usernameSchema } from '@wallet/contract/accounts';
import { brokenRule, checks, contractRule, differentFrom, required, sameAs } from './rules';

const t = ((key: string) => key) as unknown as TFunction;

describe('rules from the contract schemas', () => {
  it('names the rule a value breaks', () => {
    expect(brokenRule(usernameSchema, 'ab')).toBe('USERNAME_RULE');
    expect(brokenRule(usernameSchema, 'has space')).toBe('USERNAME_RULE');
    expect(brokenRule(passwordSchema, 'short')).toBe('PASSWORD_RULE');
    expect(brokenRule(passwordSchema, 'with-dash1')).toBe('PASSWORD_RULE');
    expect(brokenRule(payPasswordSchema, '12345a')).toBe('PAY_PASSWORD_RULE');
    expect(brokenRule(codeSchema, '12345')).toBe('CODE_RULE');
    expect(brokenRule(contactSchema, 'not a contact')).toBe('CONTACT_RULE');
    expect(brokenRule(inviteCodeSchema, 'a!')).toBe('INVITE_CODE_UNKNOWN');
  });

  it('accepts what the server accepts', () => {
    expect(brokenRule(usernameSchema, 'alice_01')).toBeUndefined();
    expect(brokenRule(passwordSchema, 'abc123')).toBeUndefined();
    expect(brokenRule(payPasswordSchema, '012345')).toBeUndefined();
    expect(brokenRule(codeSchema, '987654')).toBeUndefined();
    expect(brokenRule(contactSchema, ' someone@example.com ')).toBeUndefined();
    expect(brokenRule(contactSchema, '+8613800000000')).toBeUndefined();
    expect(brokenRule(inviteCodeSchema, ' abcd2345 ')).toBeUndefined();
  });

  it('falls back to a generic text for a problem without a rule name', () => {
    expect(brokenRule(usernameSchema, 42)).toBe('INVALID_VALUE');
  });
});

describe('field checks', () => {
  type Values = { username: string; password: string; again: string };
  const values: Values = { username: 'ab', password: 'abc123', again: 'abc124' };

  it('reports the first broken check only', async () => {
    const username = checks<Values>(required('enter it'), contractRule((rules) => rules.usernameSchema, t));
    expect(await username('', values)).toBe('enter it');
    expect(await username('ab', values)).toBe('rules.USERNAME_RULE');
    expect(await username('alice_01', values)).toBeUndefined();
  });

  it('tells a repeated password that differs, and a new one that does not', () => {
    expect(sameAs<Values>('password', t)('abc124', values)).toBe('rules.PASSWORDS_DIFFER');
    expect(sameAs<Values>('password', t)('abc123', values)).toBeUndefined();
    expect(differentFrom<Values>('password', t)('abc123', values)).toBe('rules.SAME_PASSWORD');
    expect(differentFrom<Values>('password', t)('xyz789', values)).toBeUndefined();
  });

  it('treats blanks as missing', () => {
    expect(required<Values>('enter it')('   ', values)).toBe('enter it');
  });
});
