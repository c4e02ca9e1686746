import type { RecordStatus } from '@wallet/contract/core';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<RecordStatus, string> = { review: 'processing', completed: 'success', refused: 'error', expired: 'default' };

export function RecordStatusTag({ status }: { status: RecordStatus }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[status]}>{t(`status.${status}`)}</Tag>;
}
