import type { TFunction } from 'i18next';

/** "Sum 7", "Two 1 · 3" … for an option code of the contract ("sum-7", "two-1-3"). */
export function optionLabel(code: string, t: TFunction): string {
  const [kind = '', ...numbers] = code.split('-');
  if (code === 'any-triple') return t('options.anyTriple');
  if (numbers.length === 0) return t(`options.${kind}`);
  return t(`options.${kind}`, { n: numbers.join(' · ') });
}
