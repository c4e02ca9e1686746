import { Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCurrencySymbol } from '../../../api/currency';
import { DateTime } from '../../../components/date-time';
import { describeProtectionChange, type ProtectionChange } from './protection-words';

/** The user's latest protection changes, newest first, in words. */
export function ProtectionChanges({ changes }: { changes: ProtectionChange[] }) {
  const { t } = useTranslation();
  const symbol = useCurrencySymbol();
  const rows = changes.map((change, index) => ({ key: index, createdAt: change.createdAt, ...describeProtectionChange(change, { t, symbol }) }));
  const columns: TableColumnsType<(typeof rows)[number]> = [
    { title: t('protection.changedAt'), dataIndex: 'createdAt', width: 170, render: (value: number) => <DateTime value={value} /> },
    { title: t('protection.change'), dataIndex: 'what', width: 220 },
    {
      title: t('protection.beforeAfter'),
      render: (_, row) => (
        <>
          <Typography.Text type="secondary">{row.before}</Typography.Text> → {row.after}
        </>
      ),
    },
  ];
  return (
    <Table
      size="small"
      columns={columns}
      dataSource={rows}
      data-testid="protection-changes"
      locale={{ emptyText: <Typography.Text type="secondary">{t('protection.noChanges')}</Typography.Text> }}
      pagination={{ pageSize: 5, hideOnSinglePage: true, size: 'small' }}
    />
  );
}
