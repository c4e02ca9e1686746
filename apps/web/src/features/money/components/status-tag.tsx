import type { RecordStatus } from '@wallet/contract/core';
import { useTranslation } from 'react-i18next';

/** Under review, completed, refused or expired: a coloured label. */
export function StatusTag({ status }: { status: RecordStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`app-status app-status-${status}`} data-testid="record-status">
      {t(`money.status.${status}`)}
    </span>
  );
}
