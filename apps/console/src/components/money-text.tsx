import { Typography } from 'antd';
import { formatAmount } from './number-format';

/** A money string of the wire ("-12.50") in the console's one number format. Losses and outflows read red. */
export function MoneyText({ value, signed = false }: { value: string | null | undefined; signed?: boolean }) {
  if (value === null || value === undefined) return <Typography.Text type="secondary">–</Typography.Text>;
  return (
    <Typography.Text type={value.startsWith('-') ? 'danger' : undefined} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
      {formatAmount(value, signed)}
    </Typography.Text>
  );
}
