import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@wallet/contract/core';

type Texts = { [key: string]: string | Texts };

const directory = new URL('./locales/', import.meta.url);
const read = (language: string) => JSON.parse(fs.readFileSync(new URL(`${language}.json`, directory), 'utf8')) as Texts;

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
  it('has one file per supported language, and no other', () => {
    const files = fs.readdirSync(directory).filter((name) => name.endsWith('.json'));
    expect(files.map((name) => name.replace(/\.json$/, '')).sort()).toEqual([...LANGUAGES].sort());
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
    const us = flatten(ENGLISH_TEXTS['en-US'] as Texts);
    const differences = flatten(read('en-US'));
    expect([...us.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of us) expect(text, key).toBe(differences.get(key) ?? english.get(key));
  });

  it.each(others)('%s leaves no English text', (language) => {
    const texts = flatten(read(language));
    expect([...english].filter(([key, text]) => texts.get(key) === text).map(([key]) => key)).toEqual([]);
  });
});
