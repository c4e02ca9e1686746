import type { OperatorCallPath } from '@wallet/contract/core';
import { Card, Descriptions, Flex, Tabs, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DateTime } from '../../../components/date-time';
import { Page } from '../../../components/page';
import { QueryError } from '../../../components/query-error';
import { useListParams } from '../../../components/use-list-params';
import { useMayCall } from '../../../components/use-may-call';
import { PATHS } from '../../../navigation/paths';
import { useUserDetail } from '../api/user-calls';
import { AdjustmentForm } from './adjustment-form';
import { BreakTags } from './break-tags';
import { FreezeButton } from './freeze-button';
import { FrozenTag } from './frozen-tag';
import { StatementTable } from './statement-table';
import { ChasesTable } from '../../game';
import { UserAssets } from './user-assets';
import { UserProtection } from './user-protection';
import { UserInvitees, UserOrders, UserRecharges, UserWithdrawals } from './user-records';

const FILTERS = ['tab'] as const;

export function UserDetailPage() {
  const { t } = useTranslation();
  const { userId = '' } = useParams();
  const mayCall = useMayCall();
  const detail = useUserDetail(userId);
  const list = useListParams(FILTERS);
  const user = detail.data?.user;

  const tabs: { key: string; call: OperatorCallPath; label: string; children: ReactNode }[] = [
    { key: 'statement', call: '/admin/api/users/statement', label: t('userDetail.statement'), children: <StatementTable userId={userId} list={list} /> },
    { key: 'recharges', call: '/admin/api/recharges', label: t('menu.recharges'), children: <UserRecharges userId={userId} list={list} /> },
    { key: 'withdrawals', call: '/admin/api/withdrawals', label: t('menu.withdrawals'), children: <UserWithdrawals userId={userId} list={list} /> },
    { key: 'orders', call: '/admin/api/orders', label: t('menu.orders'), children: <UserOrders username={user?.username} list={list} /> },
    { key: 'chases', call: '/admin/api/chases', label: t('menu.chases'), children: <ChasesTable filters={{ userId }} list={list} showUser={false} /> },
    {
      key: 'invitees',
      call: '/admin/api/users',
      label: t('userDetail.invitees', { count: detail.data?.invitees ?? 0 }),
      children: <UserInvitees userId={userId} list={list} />,
    },
    { key: 'adjust', call: '/admin/api/users/adjust', label: t('userDetail.adjust'), children: <AdjustmentForm userId={userId} username={user?.username} /> },
  ];
  const allowed = tabs.filter((tab) => mayCall(tab.call));
  const active = allowed.find((tab) => tab.key === list.filters.tab) ?? allowed[0];

  return (
    <Page
      title={user ? t('userDetail.title', { username: user.username }) : t('userDetail.titleLoading')}
      extra={user ? <FreezeButton userId={user.id} frozen={user.frozen} /> : null}
    >
      <Link to={PATHS.users}>← {t('menu.users')}</Link>
      <QueryError error={detail.error} onRetry={detail.refetch} />
      {user ? (
        <Card size="small" style={{ margin: '12px 0 16px' }}>
          <Descriptions size="small" column={4}>
            <Descriptions.Item label={t('users.id')}>
              <Typography.Text copyable>{user.id}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('users.state')}>
              <FrozenTag frozen={user.frozen} />
              {detail.data ? <BreakTags protection={detail.data.protection} /> : null}
            </Descriptions.Item>
            <Descriptions.Item label={t('users.inviteCode')}>{user.inviteCode}</Descriptions.Item>
            <Descriptions.Item label={t('users.invitedBy')}>{user.invitedBy ?? '–'}</Descriptions.Item>
            <Descriptions.Item label={t('users.contact')}>{user.contact ?? '–'}</Descriptions.Item>
            <Descriptions.Item label={t('users.lang')}>{user.lang}</Descriptions.Item>
            <Descriptions.Item label={t('users.createdAt')}>
              <DateTime value={user.createdAt} />
            </Descriptions.Item>
          </Descriptions>
        </Card>
      ) : null}
      {detail.data ? <UserAssets assets={detail.data.assets} /> : null}
      {detail.data ? <UserProtection protection={detail.data.protection} changes={detail.data.protectionChanges} /> : null}
      <Flex vertical>
        <Tabs activeKey={active?.key} onChange={(tab) => list.setFilters({ tab })} items={allowed.map(({ key, label }) => ({ key, label }))} />
        {active?.children}
      </Flex>
    </Page>
  );
}
