import type { OPERATOR_CALLS } from '@wallet/contract/core';
import { Card, Progress, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResultOf } from '../../../api/call-types';
import { MoneyText } from '../../../components/money-text';
import { centsOf, formatAmount, formatCount , withCurrency } from '../../../components/number-format';
import { useCurrencySymbol } from '../../../api/currency';
import { QueryError } from '../../../components/query-error';
import { usePeriodExposure } from '../api/game-calls';
import { optionLabel } from './option-label';
import { PeriodFacts } from './period-facts';

type OptionExposure = ResultOf<typeof OPERATOR_CALLS.periodExposure>['options'][number];

/** A period's published facts, and what each of its options would pay out if it won, beside the project's limit; read again every few seconds while the period takes orders. */
export function ExposureCard({ projectId, periodNo, live }: { projectId: string; periodNo: string; live: boolean }) {
  const { t } = useTranslation();
  const currencySymbol = useCurrencySymbol();
  const exposure = usePeriodExposure({ projectId, periodNo }, live);
  const limit = exposure.data?.exposureLimit ?? null;
  const ordered = (exposure.data?.options ?? []).filter((option) => option.orders > 0);

  const columns: TableColumnsType<OptionExposure> = [
    { title: t('projects.option'), dataIndex: 'option', render: (code: string) => optionLabel(code, t) },
    { title: t('projects.odds'), dataIndex: 'odds', align: 'right' },
    { title: t('periods.orders'), dataIndex: 'orders', align: 'right', render: (count: number) => formatCount(count) },
    { title: t('periods.amount'), dataIndex: 'amount', align: 'right', render: (value: string) => <MoneyText value={value} /> },
    { title: t('periods.possiblePayout'), dataIndex: 'possiblePayout', align: 'right', render: (value: string) => <MoneyText value={value} /> },
    ...(limit
      ? [
          {
            title: t('periods.ofLimit'),
            render: (_: unknown, option: OptionExposure) => {
              const share = Math.min(100, Math.round((centsOf(option.possiblePayout) * 100) / Math.max(1, centsOf(limit))));
              return <Progress percent={share} size="small" status={share >= 90 ? 'exception' : 'normal'} style={{ width: 140 }} />;
            },
          },
        ]
      : []),
  ];

  return (
    <Card
      size="small"
      style={{ marginBottom: 16 }}
      data-testid="exposure"
      title={t('periods.exposureTitle', { periodNo })}
      extra={<Typography.Text type="secondary">{limit ? t('periods.limit', { limit: withCurrency(formatAmount(limit), currencySymbol) }) : t('projects.noLimit')}</Typography.Text>}
    >
      <QueryError error={exposure.error} onRetry={exposure.refetch} />
      {exposure.data ? <PeriodFacts period={exposure.data.period} /> : null}
      <Table rowKey="option" size="small" pagination={false} columns={columns} dataSource={ordered} loading={exposure.isLoading} locale={{ emptyText: <Typography.Text type="secondary">{t('periods.noOrders')}</Typography.Text> }} />
    </Card>
  );
}
