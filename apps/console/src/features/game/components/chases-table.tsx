import type { OPERATOR_CALLS } from '@wallet/contract/core';
import { Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BodyOf, ItemOf } from '../../../api/call-types';
import { DateTime } from '../../../components/date-time';
import { MoneyText } from '../../../components/money-text';
import { formatCount } from '../../../components/number-format';
import { PagedTable } from '../../../components/paged-table';
import type { ListParams } from '../../../components/use-list-params';
import { UserLink } from '../../../components/user-link';
import { useChases } from '../api/game-calls';
import { optionLabel } from './option-label';

type Chase = ItemOf<typeof OPERATOR_CALLS.chases>;
type ChasePeriod = Chase['periods'][number];

const STATE_COLORS: Record<ChasePeriod['state'], string> = {
  waiting: 'default',
  placed: 'processing',
  won: 'success',
  lost: 'error',
  skipped: 'warning',
  cancelled: 'default',
};

/** Each period of a chase as a tag: its number's last digits and its state; the whole number, amount, payout and reason on hover. */
function PeriodStates({ periods }: { periods: ChasePeriod[] }) {
  const { t } = useTranslation();
  return (
    <Space size={[4, 4]} wrap data-testid="chase-periods">
      {periods.map((period) => (
        <Tooltip
          key={period.periodNo}
          title={[period.periodNo, period.payout === null ? null : `${t('orders.payout')} ${period.payout}`, period.reason && t(`chases.reasons.${period.reason}`)].filter(Boolean).join(' · ')}
        >
          <Tag color={STATE_COLORS[period.state]} data-testid="chase-period" data-state={period.state} style={{ marginInlineEnd: 0 }}>
            {period.periodNo.slice(-4)} {t(`chases.states.${period.state}`)}
          </Tag>
        </Tooltip>
      ))}
    </Space>
  );
}

/** Chases with every period's state: everyone's (with whose they are) or one user's. */
export function ChasesTable({ filters, list, showUser }: { filters: Omit<BodyOf<typeof OPERATOR_CALLS.chases>, 'page' | 'pageSize'>; list: ListParams; showUser: boolean }) {
  const { t } = useTranslation();
  const query = useChases({ ...filters, page: list.page, pageSize: list.pageSize });
  const columns: TableColumnsType<Chase> = [
    // The time it was made under its number: a column of its own pushed the status off a 1440 px screen.
    {
      title: t('chases.chaseNo'),
      render: (_, chase) => (
        <>
          <div>{chase.chaseNo}</div>
          <Typography.Text type="secondary">
            <DateTime value={chase.createdAt} />
          </Typography.Text>
        </>
      ),
    },
    ...(showUser ? [{ title: t('records.user'), render: (_: unknown, chase: Chase) => <UserLink userId={chase.userId} username={chase.username} /> }] : []),
    { title: t('orders.project'), dataIndex: 'projectName' },
    {
      title: t('chases.selections'),
      render: (_, chase) => chase.selections.map((selection) => `${optionLabel(selection.option, t)} × ${formatCount(selection.quantity)}`).join(', '),
    },
    { title: t('chases.perPeriod'), dataIndex: 'amountPerPeriod', align: 'right', render: (value: string) => <MoneyText value={value} /> },
    // A fixed width: the tags wrap in rows, so a long chase does not push the last columns off the screen.
    { title: t('chases.periods'), width: 200, render: (_, chase) => <PeriodStates periods={chase.periods} /> },
    { title: t('chases.reserved'), dataIndex: 'reserved', align: 'right', render: (value: string) => <MoneyText value={value} /> },
    { title: t('chases.returned'), dataIndex: 'returned', align: 'right', render: (value: string) => <MoneyText value={value} /> },
    { title: t('orders.payout'), dataIndex: 'payout', align: 'right', render: (value: string) => <MoneyText value={value} /> },
    {
      title: t('chases.status'),
      render: (_, chase) => (
        <Space size={4} direction="vertical" align="start">
          <Tag color={chase.running ? 'processing' : 'default'}>{t(chase.running ? 'chases.running' : 'chases.ended')}</Tag>
          {chase.stopOnWin ? <Tag>{t('chases.stopOnWin')}</Tag> : null}
        </Space>
      ),
    },
  ];
  return <PagedTable query={query} columns={columns} rowKey="chaseNo" list={list} testId="chases" />;
}
