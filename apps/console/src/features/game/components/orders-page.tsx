import type { OPERATOR_CALLS } from '@wallet/contract/core';
import { Input, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ItemOf } from '../../../api/call-types';
import { DateTime } from '../../../components/date-time';
import { ExportButton } from '../../../components/export-button';
import { MoneyText } from '../../../components/money-text';
import { formatCount } from '../../../components/number-format';
import { Page } from '../../../components/page';
import { PagedTable } from '../../../components/paged-table';
import { useListParams } from '../../../components/use-list-params';
import { useMayCall } from '../../../components/use-may-call';
import { UserLink } from '../../../components/user-link';
import { useOrders } from '../api/game-calls';
import { DiceText } from './dice-text';
import { optionLabel } from './option-label';
import { ProjectSelect } from './project-select';

type Order = ItemOf<typeof OPERATOR_CALLS.orders>;

const FILTERS = ['projectId', 'periodNo', 'username'] as const;

export function OrdersPage() {
  const { t } = useTranslation();
  const mayCall = useMayCall();
  const list = useListParams(FILTERS);
  const query = useOrders({ page: list.page, pageSize: list.pageSize, ...list.filters });

  const columns: TableColumnsType<Order> = [
    { title: t('orders.orderNo'), dataIndex: 'orderNo' },
    { title: t('records.user'), render: (_, order) => <UserLink userId={order.userId} username={order.username} /> },
    { title: t('orders.project'), dataIndex: 'projectName' },
    { title: t('orders.periodNo'), dataIndex: 'periodNo' },
    { title: t('orders.option'), dataIndex: 'option', render: (code: string) => optionLabel(code, t) },
    { title: t('orders.quantity'), dataIndex: 'quantity', align: 'right', render: (quantity: number) => formatCount(quantity) },
    { title: t('orders.amount'), dataIndex: 'amount', align: 'right', render: (value: string) => <MoneyText value={value} /> },
    { title: t('projects.odds'), dataIndex: 'odds', align: 'right' },
    {
      title: t('periods.result'),
      render: (_, order) =>
        order.voided ? (
          <Tag color="red">{t('orders.voided')}</Tag>
        ) : order.audited ? (
          <DiceText dice={order.dice} sum={order.dice ? order.dice.reduce((a, b) => a + b, 0) : null} />
        ) : (
          <Typography.Text type="secondary">{t('orders.waitingForDraw')}</Typography.Text>
        ),
    },
    { title: t('orders.payout'), dataIndex: 'payout', align: 'right', render: (value: string | null) => <MoneyText value={value} /> },
    { title: t('orders.profit'), dataIndex: 'profit', align: 'right', render: (value: string | null) => <MoneyText value={value} signed /> },
    { title: t('records.createdAt'), dataIndex: 'createdAt', render: (value: number) => <DateTime value={value} /> },
  ];

  const search = (key: 'periodNo' | 'username', placeholder: string) => (
    <Input.Search
      allowClear
      key={list.filters[key] ?? ''}
      defaultValue={list.filters[key]}
      placeholder={placeholder}
      style={{ width: 220 }}
      onSearch={(value) => list.setFilters({ [key]: value.trim() || undefined })}
    />
  );

  return (
    <Page title={t('menu.orders')} extra={<ExportButton kind="orders" filters={list.filters} />}>
      <Space wrap style={{ marginBottom: 16 }}>
        {mayCall('/admin/api/projects') ? <ProjectSelect allowClear value={list.filters.projectId} onChange={(projectId) => list.setFilters({ projectId })} /> : null}
        {search('periodNo', t('orders.periodNo'))}
        {search('username', t('users.username'))}
      </Space>
      <PagedTable query={query} columns={columns} rowKey="orderNo" list={list} testId="orders" />
    </Page>
  );
}
