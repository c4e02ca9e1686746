import type { OPERATOR_CALLS } from '@wallet/contract/core';
import { Space, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ItemOf } from '../../../api/call-types';
import { DateTime } from '../../../components/date-time';
import { MoneyText } from '../../../components/money-text';
import { formatCount } from '../../../components/number-format';
import { Page } from '../../../components/page';
import { PagedTable } from '../../../components/paged-table';
import { useListParams } from '../../../components/use-list-params';
import { usePeriods, useProjects } from '../api/game-calls';
import { DiceText } from './dice-text';
import { ExposureCard } from './exposure-card';
import { ProjectSelect } from './project-select';

type Period = ItemOf<typeof OPERATOR_CALLS.periods>;

const FILTERS = ['projectId', 'periodNo'] as const;
const STATUS_COLORS = { upcoming: 'default', open: 'green', locked: 'orange', drawn: 'blue', void: 'red' } as const;

/** Drawn or void: nothing about the period changes any more. */
const isFinished = (period: Period) => period.status === 'drawn' || period.status === 'void';

/** A project's periods with their results, and the exposure of the one chosen (the open one, else the next, unless another is clicked). */
export function PeriodsPage() {
  const { t } = useTranslation();
  const list = useListParams(FILTERS);
  const projects = useProjects();
  const projectId = list.filters.projectId ?? projects.data?.[0]?.id;
  const periods = usePeriods({ projectId: projectId ?? '', page: list.page, pageSize: list.pageSize }, projectId !== undefined);
  const items = periods.data?.items ?? [];
  const open = items.find((period) => period.status === 'open') ?? items.find((period) => !isFinished(period));
  const chosen = items.find((period) => period.periodNo === list.filters.periodNo) ?? open;

  const columns: TableColumnsType<Period> = [
    { title: t('periods.periodNo'), dataIndex: 'periodNo', render: (periodNo: string) => <Typography.Link onClick={() => list.setFilters({ periodNo })}>{periodNo}</Typography.Link> },
    {
      title: t('records.status'),
      dataIndex: 'status',
      render: (status: Period['status'], period) => (
        <>
          <Tag color={STATUS_COLORS[status]}>{t(`periods.statuses.${status}`)}</Tag>
          {period.voidReason ? (
            <div>
              <Typography.Text type="secondary" data-testid="void-reason">
                {t(`fairness.reasons.${period.voidReason}`)}
              </Typography.Text>
            </div>
          ) : null}
        </>
      ),
    },
    { title: t('periods.opensAt'), dataIndex: 'opensAt', render: (value: number) => <DateTime value={value} /> },
    { title: t('periods.drawsAt'), dataIndex: 'drawsAt', render: (value: number) => <DateTime value={value} /> },
    { title: t('periods.result'), render: (_, period) => <DiceText dice={period.dice} sum={period.sum} /> },
    { title: t('periods.orders'), dataIndex: 'orders', align: 'right', render: (count: number) => formatCount(count) },
    { title: t('periods.amount'), dataIndex: 'amount', align: 'right', render: (value: string) => <MoneyText value={value} /> },
    { title: t('periods.payout'), dataIndex: 'payout', align: 'right', render: (value: string | null) => <MoneyText value={value} /> },
    { title: t('periods.houseResult'), dataIndex: 'houseResult', align: 'right', render: (value: string | null) => <MoneyText value={value} signed /> },
  ];

  return (
    <Page title={t('menu.periods')}>
      <Space style={{ marginBottom: 16 }}>
        <ProjectSelect value={projectId} onChange={(id) => list.setFilters({ projectId: id, periodNo: undefined })} />
      </Space>
      {projectId && chosen ? <ExposureCard projectId={projectId} periodNo={chosen.periodNo} live={chosen.status === 'open' || chosen.status === 'upcoming'} /> : null}
      <PagedTable query={periods} columns={columns} rowKey="periodNo" list={list} testId="periods" />
    </Page>
  );
}
