const formats = new Map<string, Intl.NumberFormat>();

function percentFormat(language: string): Intl.NumberFormat {
  let format = formats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language, { style: 'percent', minimumFractionDigits: 0, maximumFractionDigits: 2, numberingSystem: 'latn' });
    formats.set(language, format);
  }
  return format;
}

/** "94.79%" for "0.9479", in the reader's way of writing a percentage, with Latin digits like the odds beside it. */
export function formatReturnToPlayer(returnToPlayer: string, language: string): string {
  return percentFormat(language).format(Number(returnToPlayer));
}

/** The lowest and highest return to player of some options, as the reader writes them; one figure when all are equal. */
export function returnToPlayerRange(values: readonly string[], language: string): { from: string; to: string } | undefined {
  if (values.length === 0) return undefined;
  const numbers = values.map(Number);
  const from = formatReturnToPlayer(String(Math.min(...numbers)), language);
  const to = formatReturnToPlayer(String(Math.max(...numbers)), language);
  return { from, to };
}
