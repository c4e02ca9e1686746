import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@wallet/contract/core';

type Texts = { [key: string]: string | Texts };

const directory = new URL('./locales/', import.meta.url);
const laterDirectory = new URL('./locales/later/', import.meta.url);
const readFile = (url: URL) => JSON.parse(fs.readFileSync(url, 'utf8')) as Texts;
const firstPart = (language: string) => readFile(new URL(`${language}.json`, directory));
const laterPart = (language: string) => readFile(new URL(`${language}.json`, laterDirectory));
/** Both parts of a language's texts (texts.ts); US English's file holds its differences only. */
const read = (language: string) => (language === 'en-US' ? firstPart(language) : { ...firstPart(language), ...laterPart(language) });

/** "a.b.c" → text, for every leaf. */
function flatten(texts: Texts, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(texts)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [inner, text] of flatten(value, `${prefix}${key}.`)) out.set(inner, text);
  }
  return out;
}

const english = flatten(read('en'));
const placeholders = (text: string) => (text.match(/\{\{\w+\}\}/g) ?? []).sort();
// US English is English with a few sentences said otherwise: its file holds only those (english-texts.ts).
const others = LANGUAGES.filter((language) => language !== 'en' && language !== 'en-US');

describe("the app's texts", () => {
  it('has one file per supported language, and no other, and one of later texts for each but US English', () => {
    const languagesIn = (url: URL) =>
      fs
        .readdirSync(url)
        .filter((name) => name.endsWith('.json'))
        .map((name) => name.replace(/\.json$/, ''))
        .sort();
    expect(languagesIn(directory)).toEqual([...LANGUAGES].sort());
    expect(languagesIn(laterDirectory)).toEqual(LANGUAGES.filter((language) => language !== 'en-US').sort());
  });

  it.each(LANGUAGES.filter((language) => language !== 'en-US'))('%s has its texts in two parts that share no top-level section', (language) => {
    const later = Object.keys(laterPart(language));
    expect(later.length).toBeGreaterThan(0);
    expect(Object.keys(firstPart(language)).filter((section) => later.includes(section))).toEqual([]);
  });

  it.each(others)('%s has exactly the keys of English, each non-empty, with the same placeholders', (language) => {
    const texts = flatten(read(language));
    expect([...texts.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of texts) {
      expect(text.trim(), key).not.toBe('');
      expect(placeholders(text), key).toEqual(placeholders(english.get(key) ?? ''));
    }
  });

  it('US English holds only sentences it says otherwise, each a text of English with the same placeholders', () => {
    const differences = flatten(read('en-US'));
    // They ride with the first part, and so may differ only there.
    const englishFirst = flatten(firstPart('en'));
    for (const key of differences.keys()) expect(englishFirst.has(key), key).toBe(true);
    expect(differences.size).toBeGreaterThan(0);
    for (const [key, text] of differences) {
      expect(english.has(key), key).toBe(true);
      expect(text.trim(), key).not.toBe('');
      expect(text, key).not.toBe(english.get(key));
      expect(placeholders(text), key).toEqual(placeholders(english.get(key) ?? ''));
    }
  });

  it('US English reads as English where it says nothing else', async () => {
    const { ENGLISH_TEXTS } = await import('./english-texts');
    const us = flatten({ ...(ENGLISH_TEXTS['en-US'] as Texts), ...laterPart('en') });
    const differences = flatten(read('en-US'));
    expect([...us.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of us) expect(text, key).toBe(differences.get(key) ?? english.get(key));
  });

  it.each(others)('%s leaves no English text', (language) => {
    const texts = flatten(read(language));
    expect([...english].filter(([key, text]) => texts.get(key) === text).map(([key]) => key)).toEqual([]);
  });
});
