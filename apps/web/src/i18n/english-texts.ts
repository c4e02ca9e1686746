import type { ResourceKey } from 'i18next';
import en from './locales/en.json';
import usDifferences from './locales/en-US.json';

type Texts = { [key: string]: string | Texts };

/** English with some texts replaced, at any depth. */
function withDifferences(base: Texts, differences: Texts): Texts {
  const merged: Texts = { ...base };
  for (const [key, value] of Object.entries(differences)) {
    const inBase = base[key];
    merged[key] = typeof value === 'object' && typeof inBase === 'object' ? withDifferences(inBase, value) : value;
  }
  return merged;
}

/**
 * US English differs from English in a few sentences of the texts every screen may need: its file holds only
 * those, and one download serves both. The texts of later pages are the same for both (locales/later/en.json).
 */
export const ENGLISH_TEXTS: Record<'en' | 'en-US', ResourceKey> = { en, 'en-US': withDifferences(en, usDifferences) };
