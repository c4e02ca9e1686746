import { describe, expect, it } from 'vitest';
import { csvLine, money } from './csv.js';

const cellOf = (text: string) => csvLine([text]).slice(0, -2);

describe('a CSV cell of typed text', () => {
  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\t=1', '\r=1', '＝HYPERLINK("x")', '＋1', '－1', '＠x', '\u200b=1', '\ufeff=1', ' =1', '\u00a0=1', '\u2060+1'])(
    'keeps %j from running as a formula',
    (text) => {
      expect(cellOf(text).replace(/^"/, '')).toMatch(/^'/);
    },
  );

  it.each(['Lina Haddad', 'a=b', '1-2', 'mail@example.com', '５０'])('leaves %j as it is', (text) => {
    expect(cellOf(text)).toBe(text);
  });

  it('writes amounts the server formats as they are, a negative one too', () => {
    expect(csvLine([money(-500)])).toBe('-5.00\r\n');
  });
});
