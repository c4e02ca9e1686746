import { Typography } from 'antd';

/** Characters kept at each end: enough to tell two hashes apart at a glance. */
const END_LENGTH = 8;

/** A long hex hash shortened to its ends; the whole of it on hover, and copied by the button. */
export function HashText({ value }: { value: string | null }) {
  if (value === null) return <Typography.Text type="secondary">–</Typography.Text>;
  const shown = value.length > END_LENGTH * 2 + 1 ? `${value.slice(0, END_LENGTH)}…${value.slice(-END_LENGTH)}` : value;
  return (
    <Typography.Text code copyable={{ text: value }} title={value} style={{ whiteSpace: 'nowrap' }}>
      {shown}
    </Typography.Text>
  );
}
