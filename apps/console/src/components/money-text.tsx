import { Typography } from 'antd';

/** A money string of the wire ("-12.50"), as written: never through a float. Losses and outflows read red. */
export function MoneyText({ value, signed = false }: { value: string | null | undefined; signed?: boolean }) {
  if (value === null || value === undefined) return <Typography.Text type="secondary">–</Typography.Text>;
  const negative = value.startsWith('-');
  const shown = signed && !negative && value !== '0.00' ? `+${value}` : value;
  return (
    <Typography.Text type={negative ? 'danger' : undefined} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
      {shown}
    </Typography.Text>
  );
}
