import type { ResourceKey } from 'i18next';
import en from './locales/en.json';
import enUS from './locales/en-US.json';

/** English and its US variant differ in a few sentences: one download holds both. */
export const ENGLISH_TEXTS: Record<'en' | 'en-US', ResourceKey> = { en, 'en-US': enUS };
