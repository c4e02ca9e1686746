import type { OPERATOR_CALLS } from '@wallet/contract/core';
import { Typography } from 'antd';
import type { ItemOf } from '../../../api/call-types';

/** Where the money goes: the name and bank, the full card number to copy, the address. */
export function PayeeCell({ withdrawal }: { withdrawal: ItemOf<typeof OPERATOR_CALLS.withdrawals> }) {
  return (
    <>
      <Typography.Text>
        {withdrawal.name} · {withdrawal.bankName}
      </Typography.Text>
      <div>
        <Typography.Text code copyable>
          {withdrawal.cardNo}
        </Typography.Text>
      </div>
      <Typography.Text type="secondary">{withdrawal.address}</Typography.Text>
    </>
  );
}
