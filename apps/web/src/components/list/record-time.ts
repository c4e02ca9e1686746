const formats = new Map<string, Intl.DateTimeFormat>();

/** Date and time in the reader's language, with Latin digits like every amount beside it. */
export function formatRecordTime(time: number, language: string): string {
  let format = formats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      numberingSystem: 'latn',
    });
    formats.set(language, format);
  }
  return format.format(time);
}
