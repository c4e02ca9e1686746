import type { OPERATOR_CALLS, RecordStatus } from '@wallet/contract/core';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ItemOf } from '../../../api/call-types';
import { DateTime } from '../../../components/date-time';
import { MoneyText } from '../../../components/money-text';
import { formatCount } from '../../../components/number-format';
import { PagedTable } from '../../../components/paged-table';
import { RecordStatusTag } from '../../../components/record-status-tag';
import type { ListParams } from '../../../components/use-list-params';
import { UserLink } from '../../../components/user-link';
import { useUserOrders, useUserRecharges, useUserWithdrawals, useUsers } from '../api/user-calls';
import { FrozenTag } from './frozen-tag';

interface RecordsProps {
  list: ListParams;
}

export function UserRecharges({ userId, list }: RecordsProps & { userId: string }) {
  const { t } = useTranslation();
  const query = useUserRecharges({ q: userId, page: list.page, pageSize: list.pageSize });
  const columns: TableColumnsType<ItemOf<typeof OPERATOR_CALLS.recharges>> = [
    { title: t('records.orderNo'), dataIndex: 'orderNo' },
    { title: t('recharges.amount'), dataIndex: 'amount', align: 'right', render: (value: string) => <MoneyText value={value} /> },
    { title: t('recharges.payAmount'), dataIndex: 'payAmount', align: 'right', render: (value: string) => <MoneyText value={value} /> },
    { title: t('recharges.channel'), render: (_, r) => r.channel.name },
    { title: t('records.status'), dataIndex: 'status', render: (status: RecordStatus) => <RecordStatusTag status={status} /> },
    { title: t('records.createdAt'), dataIndex: 'createdAt', render: (value: number) => <DateTime value={value} /> },
    { title: t('records.remark'), dataIndex: 'remark' },
  ];
  return <PagedTable query={query} columns={columns} rowKey="orderNo" list={list} />;
}

export function UserWithdrawals({ userId, list }: RecordsProps & { userId: string }) {
  const { t } = useTranslation();
  const query = useUserWithdrawals({ q: userId, page: list.page, pageSize: list.pageSize });
  const columns: TableColumnsType<ItemOf<typeof OPERATOR_CALLS.withdrawals>> = [
    { title: t('records.orderNo'), dataIndex: 'orderNo' },
    { title: t('withdrawals.amount'), dataIndex: 'amount', align: 'right', render: (value: string) => <MoneyText value={value} /> },
    { title: t('withdrawals.fee'), dataIndex: 'fee', align: 'right', render: (value: string) => <MoneyText value={value} /> },
    { title: t('withdrawals.bank'), dataIndex: 'bankName' },
    { title: t('withdrawals.cardNo'), dataIndex: 'cardNo' },
    { title: t('records.status'), dataIndex: 'status', render: (status: RecordStatus) => <RecordStatusTag status={status} /> },
    { title: t('records.createdAt'), dataIndex: 'createdAt', render: (value: number) => <DateTime value={value} /> },
    { title: t('records.remark'), dataIndex: 'remark' },
  ];
  return <PagedTable query={query} columns={columns} rowKey="orderNo" list={list} />;
}

export function UserOrders({ username, list }: RecordsProps & { username: string | undefined }) {
  const { t } = useTranslation();
  const query = useUserOrders({ username, page: list.page, pageSize: list.pageSize }, username !== undefined);
  const columns: TableColumnsType<ItemOf<typeof OPERATOR_CALLS.orders>> = [
    { title: t('orders.orderNo'), dataIndex: 'orderNo' },
    { title: t('orders.project'), dataIndex: 'projectName' },
    { title: t('orders.periodNo'), dataIndex: 'periodNo' },
    { title: t('orders.option'), dataIndex: 'option' },
    { title: t('orders.quantity'), dataIndex: 'quantity', align: 'right', render: (quantity: number) => formatCount(quantity) },
    { title: t('orders.amount'), dataIndex: 'amount', align: 'right', render: (value: string) => <MoneyText value={value} /> },
    { title: t('orders.profit'), dataIndex: 'profit', align: 'right', render: (value: string | null) => <MoneyText value={value} signed /> },
    { title: t('records.createdAt'), dataIndex: 'createdAt', render: (value: number) => <DateTime value={value} /> },
  ];
  return <PagedTable query={query} columns={columns} rowKey="orderNo" list={list} />;
}

export function UserInvitees({ userId, list }: RecordsProps & { userId: string }) {
  const { t } = useTranslation();
  const query = useUsers({ invitedBy: userId, page: list.page, pageSize: list.pageSize });
  const columns: TableColumnsType<ItemOf<typeof OPERATOR_CALLS.users>> = [
    { title: t('users.username'), render: (_, user) => <UserLink userId={user.id} username={user.username} /> },
    { title: t('users.state'), dataIndex: 'frozen', render: (frozen: boolean) => <FrozenTag frozen={frozen} /> },
    { title: t('users.createdAt'), dataIndex: 'createdAt', render: (value: number) => <DateTime value={value} /> },
  ];
  return <PagedTable query={query} columns={columns} rowKey="id" list={list} />;
}
