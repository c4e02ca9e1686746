import { OPTION_CODES } from '@wallet/contract/game';
import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import ar from '../../../i18n/locales/ar.json';
import en from '../../../i18n/locales/en.json';
import { optionLabel } from './option-label';

const english = i18n.createInstance();
const arabic = i18n.createInstance();

beforeAll(async () => {
  await english.init({ lng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false } });
  await arabic.init({ lng: 'ar', resources: { ar: { translation: ar } }, interpolation: { escapeValue: false } });
});

describe('option labels', () => {
  it('name each kind of option as a player says it', () => {
    const t = english.t;
    expect(optionLabel('big', t)).toBe('Big');
    expect(optionLabel('even', t)).toBe('Even');
    expect(optionLabel('sum-9', t)).toBe('Sum 9');
    expect(optionLabel('triple-4', t)).toBe('Triple 4');
    expect(optionLabel('any-triple', t)).toBe('Any triple');
    expect(optionLabel('pair-3', t)).toBe('Pair 3');
    expect(optionLabel('two-2-5', t)).toBe('Two 2 & 5');
    expect(optionLabel('three-1-2-3', t)).toBe('Three 1-2-3');
    expect(optionLabel('straight', t)).toBe('Straight');
  });

  it('give every option of the contract its own name, in every language tried', () => {
    for (const t of [english.t, arabic.t]) {
      const labels = OPTION_CODES.map((code) => optionLabel(code, t));
      expect(labels.filter((label, i) => label === OPTION_CODES[i])).toEqual([]);
      expect(new Set(labels).size).toBe(OPTION_CODES.length);
    }
  });

  it('show a code the app does not know as it came', () => {
    expect(optionLabel('sum', english.t)).toBe('sum');
    expect(optionLabel('four-1-2-3-4', english.t)).toBe('four-1-2-3-4');
  });
});
