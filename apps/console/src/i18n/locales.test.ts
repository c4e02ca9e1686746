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
});
