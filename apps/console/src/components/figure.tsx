import { Statistic } from 'antd';
import type { ReactNode } from 'react';
import { useCurrencySymbol } from '../api/currency';
import { formatAmount, formatCount, withCurrency } from './number-format';

/**
 * One figure of a card (antd's Statistic) in the console's number format:
 * a money string of the wire (with the operator's currency), or a count. A
 * negative amount reads red.
 */
export function Figure({ title, value, small = false }: { title: ReactNode; value: string | number; small?: boolean }) {
  const symbol = useCurrencySymbol();
  const text = typeof value === 'number' ? formatCount(value) : withCurrency(formatAmount(value), symbol);
  const style = { color: text.startsWith('-') ? '#cf1322' : undefined, fontVariantNumeric: 'tabular-nums', ...(small ? { fontSize: 20 } : {}) };
  return <Statistic title={title} value={text} formatter={() => text} styles={{ content: style }} />;
}
