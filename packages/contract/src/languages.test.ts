import { describe, expect, it } from 'vitest';
import { LANGUAGES, languageFromAcceptLanguage, matchLanguage } from './languages.js';

describe('matchLanguage', () => {
  it.each([
    ['zh-Hant-HK', 'zh-TW'],
    ['zh-Hant', 'zh-TW'],
    ['zh-TW', 'zh-TW'],
    ['zh-MO', 'zh-TW'],
    ['zh', 'zh-CN'],
    ['zh-Hans', 'zh-CN'],
    ['zh-SG', 'zh-CN'],
    ['zh_cn', 'zh-CN'],
    ['en-us', 'en-US'],
    ['EN_US', 'en-US'],
    ['en', 'en'],
    ['en-GB', 'en'],
    ['pt-BR', 'pt'],
    ['pt-PT', 'pt'],
    ['fr-CA', 'fr'],
    ['ar-EG', 'ar'],
    [' ko ', 'ko'],
  ])('maps %j to %s', (tag, language) => {
    expect(matchLanguage(tag)).toBe(language);
  });

  it('maps every supported code to itself, whatever its case', () => {
    for (const language of LANGUAGES) {
      expect(matchLanguage(language)).toBe(language);
      expect(matchLanguage(language.toUpperCase())).toBe(language);
    }
  });

  it.each([['xx'], ['it'], ['english'], [''], ['-'], ['*']])('finds nothing for %j', (tag) => {
    expect(matchLanguage(tag)).toBeUndefined();
  });

  it('finds nothing for null or undefined', () => {
    expect(matchLanguage(null)).toBeUndefined();
    expect(matchLanguage(undefined)).toBeUndefined();
  });
});

describe('languageFromAcceptLanguage', () => {
  it.each([
    ['en-US,en;q=0.9', 'en-US'],
    ['xx, fr;q=0.5', 'fr'],
    ['fr;q=0.5, de;q=0.8', 'de'],
    ['de;q=0.8, ja', 'ja'],
    ['ar, fr', 'ar'],
    ['fr, ar', 'fr'],
    ['en;q=0.9, zh-Hant-HK;q=0.95', 'zh-TW'],
    ['zh;q=0.7, xx;q=1', 'zh-CN'],
    ['pt-BR,pt;q=0.9,en-US;q=0.8,en;q=0.7', 'pt'],
    ['*;q=0.5, ms;q=0.4', 'ms'],
    ['es;q=1.0', 'es'],
  ])('picks the best supported language of %j: %s', (header, language) => {
    expect(languageFromAcceptLanguage(header)).toBe(language);
  });

  it('skips a language the caller refuses with q=0', () => {
    expect(languageFromAcceptLanguage('fr;q=0, de;q=0.1')).toBe('de');
    expect(languageFromAcceptLanguage('fr;q=0')).toBeUndefined();
  });

  it.each([['xx'], ['xx, yy;q=0.5'], [''], ['*']])('finds nothing in %j', (header) => {
    expect(languageFromAcceptLanguage(header)).toBeUndefined();
  });

  it('finds nothing without a header', () => {
    expect(languageFromAcceptLanguage(undefined)).toBeUndefined();
    expect(languageFromAcceptLanguage(null)).toBeUndefined();
  });
});
