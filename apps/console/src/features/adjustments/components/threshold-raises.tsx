import type { OPERATOR_CALLS } from '@wallet/contract/core';
import { Card, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ItemOf } from '../../../api/call-types';
import { useSession } from '../../../api/session';
import { AgeText } from '../../../components/age-text';
import { DateTime } from '../../../components/date-time';
import { MoneyText } from '../../../components/money-text';
import { QueryError } from '../../../components/query-error';
import { usePendingThresholdRaises } from '../api/adjustment-calls';
import { AdjustmentDecision } from './adjustment-decision';

type ThresholdRaise = ItemOf<typeof OPERATOR_CALLS.pendingThresholdRaises>;

/** The contract's largest page: raises are few, and the oldest come first. */
const FIRST_PAGE = { page: 1, pageSize: 50 };

/** Raises of the approval threshold another admin proposed; shown to admins while any waits. */
export function ThresholdRaises() {
  const { t } = useTranslation();
  const session = useSession();
  const query = usePendingThresholdRaises(FIRST_PAGE);
  if (!query.error && !query.data?.items.length) return null;

  const columns: TableColumnsType<ThresholdRaise> = [
    { title: t('thresholdRaises.current'), dataIndex: 'current', align: 'right', render: (value: string) => <MoneyText value={value} /> },
    { title: t('thresholdRaises.amount'), dataIndex: 'amount', align: 'right', render: (value: string) => <MoneyText value={value} /> },
    { title: t('adjustments.proposedBy'), dataIndex: 'proposedBy' },
    { title: t('adjustments.proposedAt'), dataIndex: 'proposedAt', render: (value: number) => <DateTime value={value} /> },
    { title: t('records.age'), render: (_, raise) => <AgeText since={raise.proposedAt} /> },
    {
      title: t('records.actions'),
      fixed: 'right',
      render: (_, raise) =>
        // Nobody decides their own proposal: the server refuses it, so the buttons are not offered.
        raise.proposedBy === session?.username ? <Typography.Text type="secondary">{t('adjustments.yours')}</Typography.Text> : <AdjustmentDecision id={raise.id} proposal="thresholdRaise" />,
    },
  ];

  return (
    <Card title={t('thresholdRaises.title')} size="small" style={{ marginBottom: 16 }}>
      <Typography.Paragraph type="secondary">{t('thresholdRaises.explain')}</Typography.Paragraph>
      <QueryError error={query.error} onRetry={query.refetch} />
      <Table<ThresholdRaise> data-testid="threshold-raises" size="middle" rowKey="id" columns={columns} dataSource={query.data?.items ?? []} pagination={false} scroll={{ x: 'max-content' }} />
    </Card>
  );
}
