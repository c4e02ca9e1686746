import type { TFunction } from 'i18next';

const NAMED = new Set(['big', 'small', 'odd', 'even', 'straight']);

/**
 * An option's name in the reader's language, from its contract code:
 * "sum-9" → "Sum 9", "triple-4" → "Triple 4", "two-2-5" → "Two 2 & 5".
 * A code the app does not know yet shows as it is.
 */
export function optionLabel(code: string, t: TFunction): string {
  if (NAMED.has(code)) return t(`game.options.${code}`);
  if (code === 'any-triple') return t('game.options.anyTriple');
  const [kind, ...numbers] = code.split('-');
  const [a, b, c] = numbers;
  switch (kind) {
    case 'sum':
    case 'triple':
    case 'pair':
      return numbers.length === 1 ? t(`game.options.${kind}`, { n: a }) : code;
    case 'two':
      return numbers.length === 2 ? t('game.options.two', { a, b }) : code;
    case 'three':
      return numbers.length === 3 ? t('game.options.three', { a, b, c }) : code;
    default:
      return code;
  }
}
