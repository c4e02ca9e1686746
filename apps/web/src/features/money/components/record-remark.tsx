import type { RecordStatus } from '@wallet/contract/core';
import { useTranslation } from 'react-i18next';

/** The operator's remark on a recharge or withdrawal (why it was refused), in the direction it was typed. */
export function RecordRemark({ status, remark }: { status: RecordStatus; remark: string }) {
  const { t } = useTranslation();
  if (!remark) return null;
  return (
    <p className={`app-record-remark app-record-remark-${status}`} data-testid="record-remark">
      <strong>{t(status === 'refused' ? 'money.refusedBecause' : 'money.remark')}</strong> <bdi>{remark}</bdi>
    </p>
  );
}
