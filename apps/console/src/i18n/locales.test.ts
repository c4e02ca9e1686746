import { CHASE_END_REASONS, TRANSFER_KINDS, VOID_REASONS } from '@wallet/contract';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import zhCN from './zh-CN.json';

function keysOf(texts: object, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([key, value]) => (typeof value === 'object' ? keysOf(value as object, `${prefix}${key}.`) : [`${prefix}${key}`]));
}

describe('the console texts', () => {
  it('has every English text in Simplified Chinese, and nothing else', () => {
    expect(keysOf(zhCN).sort()).toEqual(keysOf(en).sort());
  });

  it('names every code of the contract the console shows in words: movements, chase endings, void reasons', () => {
    expect(Object.keys(en.statement.kinds).sort()).toEqual([...TRANSFER_KINDS].sort());
    expect(Object.keys(en.chases.reasons).sort()).toEqual([...CHASE_END_REASONS].sort());
    expect(Object.keys(en.fairness.reasons).sort()).toEqual([...VOID_REASONS].sort());
  });
});
