import type { RecordStatus } from '@wallet/contract/core';
import { Input, Segmented, Space } from 'antd';
import { useTranslation } from 'react-i18next';

/** "all" in the address stands for no status filter; the queue (under review) is the default. */
export const ALL = 'all';

interface RecordFiltersProps {
  statuses: readonly RecordStatus[];
  status: string;
  q: string | undefined;
  onChange: (changes: { status?: string; q?: string | undefined }) => void;
}

export function RecordFilters({ statuses, status, q, onChange }: RecordFiltersProps) {
  const { t } = useTranslation();
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <Segmented
        value={status}
        options={[...statuses.map((value) => ({ value, label: t(`status.${value}`) })), { value: ALL, label: t('status.all') }]}
        onChange={(value) => onChange({ status: value })}
      />
      <Input.Search
        allowClear
        defaultValue={q}
        key={q ?? ''}
        placeholder={t('records.search')}
        style={{ width: 300 }}
        onSearch={(value) => onChange({ q: value.trim() || undefined })}
      />
    </Space>
  );
}
