import { Typography } from 'antd';
import { useCurrencySymbol } from '../api/currency';
import { formatAmount, withCurrency } from './number-format';

/** A money string of the wire ("-12.50") in the console's one number format, with the operator's currency. Losses and outflows read red. */
export function MoneyText({ value, signed = false }: { value: string | null | undefined; signed?: boolean }) {
  const symbol = useCurrencySymbol();
  if (value === null || value === undefined) return <Typography.Text type="secondary">–</Typography.Text>;
  return (
    <Typography.Text type={value.startsWith('-') ? 'danger' : undefined} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
      {withCurrency(formatAmount(value, signed), symbol)}
    </Typography.Text>
  );
}
