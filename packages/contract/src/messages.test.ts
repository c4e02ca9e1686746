import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages.js';
import { REASONS } from './reasons.js';

type Catalogue = Record<string, Record<string, string>>;

const directory = new URL('./messages/', import.meta.url);
const files = fs.readdirSync(directory).filter((name) => name.endsWith('.json'));
const read = (file: string) => JSON.parse(fs.readFileSync(new URL(file, directory), 'utf8')) as Catalogue;
const catalogues = new Map(files.map((file) => [file.replace(/\.json$/, ''), read(file)]));
const english = read('en.json');
const SECTIONS = ['reason', 'field', 'success', 'notify', 'inbox'];
const translations = [...catalogues].filter(([language]) => language !== 'en');

/** Every [section, key, text] of a catalogue. */
const entries = (catalogue: Catalogue) =>
  Object.entries(catalogue).flatMap(([section, texts]) => Object.entries(texts).map(([key, text]) => [section, key, text] as const));

const placeholders = (text: string) => text.match(/\{\w+\}/g) ?? [];

describe('message catalogues', () => {
  it('has one catalogue per supported language, and no other', () => {
    expect([...catalogues.keys()].sort()).toEqual([...LANGUAGES].sort());
  });

  it('English has exactly the sections reason, field, success, notify and inbox', () => {
    expect(Object.keys(english).sort()).toEqual([...SECTIONS].sort());
  });

  it('has a text for every reason in English', () => {
    expect(Object.keys(english['reason'] ?? {}).sort()).toEqual(Object.keys(REASONS).sort());
  });

  it.each(translations)('%s has exactly the keys of English', (_language, catalogue) => {
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(english).sort());
    for (const section of SECTIONS) {
      expect(Object.keys(catalogue[section] ?? {}).sort(), section).toEqual(Object.keys(english[section] ?? {}).sort());
    }
  });

  it.each([...catalogues])('%s has a non-empty text for every reason', (_language, catalogue) => {
    for (const reason of Object.keys(REASONS)) {
      const text = catalogue['reason']?.[reason];
      expect(typeof text === 'string' && text.trim() !== '', reason).toBe(true);
    }
  });

  it.each([...catalogues])('%s has only non-empty texts', (_language, catalogue) => {
    for (const [section, key, text] of entries(catalogue)) {
      expect(typeof text === 'string' && text.trim() !== '', `${section}.${key}`).toBe(true);
    }
  });

  it.each(translations)('%s keeps every placeholder of English', (_language, catalogue) => {
    for (const [section, key, text] of entries(english)) {
      const translated = catalogue[section]?.[key] ?? '';
      expect(placeholders(translated).sort(), `${section}.${key}`).toEqual(placeholders(text).sort());
    }
  });

  it.each(translations.filter(([language]) => language !== 'en-US'))('%s translates every text', (_language, catalogue) => {
    const untranslated = entries(english)
      .filter(([section, key, text]) => catalogue[section]?.[key] === text)
      .map(([section, key]) => `${section}.${key}`);
    expect(untranslated).toEqual([]);
  });
});
