import type { OPERATOR_CALLS } from '@wallet/contract/core';
import { Input, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ItemOf } from '../../../api/call-types';
import { DateTime } from '../../../components/date-time';
import { Page } from '../../../components/page';
import { PagedTable } from '../../../components/paged-table';
import { useListParams } from '../../../components/use-list-params';
import { UserLink } from '../../../components/user-link';
import { useUsers } from '../api/user-calls';
import { FrozenTag } from './frozen-tag';

type User = ItemOf<typeof OPERATOR_CALLS.users>;

const FILTERS = ['q', 'invitedBy'] as const;

export function UsersPage() {
  const { t } = useTranslation();
  const list = useListParams(FILTERS);
  const query = useUsers({ page: list.page, pageSize: list.pageSize, q: list.filters.q, invitedBy: list.filters.invitedBy });

  const columns: TableColumnsType<User> = [
    { title: t('users.username'), render: (_, user) => <UserLink userId={user.id} username={user.username} /> },
    { title: t('users.id'), dataIndex: 'id', render: (id: string) => <Typography.Text type="secondary" copyable>{id}</Typography.Text> },
    { title: t('users.inviteCode'), dataIndex: 'inviteCode' },
    { title: t('users.invitedBy'), dataIndex: 'invitedBy', render: (value: string | null) => value ?? '–' },
    { title: t('users.contact'), dataIndex: 'contact', render: (value: string | null) => value ?? '–' },
    { title: t('users.lang'), dataIndex: 'lang' },
    { title: t('users.state'), dataIndex: 'frozen', render: (frozen: boolean) => <FrozenTag frozen={frozen} /> },
    { title: t('users.createdAt'), dataIndex: 'createdAt', render: (value: number) => <DateTime value={value} /> },
  ];

  return (
    <Page title={t('menu.users')}>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          key={list.filters.q ?? ''}
          defaultValue={list.filters.q}
          placeholder={t('users.search')}
          style={{ width: 320 }}
          onSearch={(value) => list.setFilters({ q: value.trim() || undefined })}
        />
        {list.filters.invitedBy ? (
          <Tag closable onClose={() => list.setFilters({ invitedBy: undefined })}>
            {t('users.inviteesOf', { id: list.filters.invitedBy })}
          </Tag>
        ) : null}
      </Space>
      <PagedTable query={query} columns={columns} rowKey="id" list={list} testId="users" />
    </Page>
  );
}
