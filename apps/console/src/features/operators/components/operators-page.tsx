import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { OPERATOR_CALLS } from '@wallet/contract/core';
import { Button, Drawer, Popconfirm, Space, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ItemOf } from '../../../api/call-types';
import { DateTime } from '../../../components/date-time';
import { Page } from '../../../components/page';
import { PagedTable } from '../../../components/paged-table';
import { useListParams } from '../../../components/use-list-params';
import { useOperators, useResetTotp } from '../api/operator-calls';
import { OperatorForm } from './operator-form';

type Operator = ItemOf<typeof OPERATOR_CALLS.operators>;

const NO_FILTERS = [] as const;

export function OperatorsPage() {
  const { t } = useTranslation();
  const list = useListParams(NO_FILTERS);
  const query = useOperators({ page: list.page, pageSize: list.pageSize });
  const resetTotp = useResetTotp();
  const [editing, setEditing] = useState<Operator | 'new' | null>(null);

  const columns: TableColumnsType<Operator> = [
    { title: t('operators.username'), dataIndex: 'username' },
    { title: t('operators.role'), dataIndex: 'role', render: (role: string) => <Tag color="blue">{t(`roles.${role}`)}</Tag> },
    { title: t('operators.state'), dataIndex: 'disabled', render: (disabled: boolean) => (disabled ? <Tag color="red">{t('operators.disabled')}</Tag> : <Tag color="green">{t('operators.enabled')}</Tag>) },
    { title: t('operators.totp'), dataIndex: 'totpEnabled', render: (on: boolean) => <Tag color={on ? 'green' : 'default'}>{t(on ? 'operators.totpOn' : 'operators.totpOff')}</Tag> },
    { title: t('records.createdAt'), dataIndex: 'createdAt', render: (value: number) => <DateTime value={value} /> },
    {
      title: t('records.actions'),
      render: (_, operator) => (
        <Space>
          <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(operator)}>
            {t('actions.edit')}
          </Button>
          {operator.totpEnabled ? (
            <Popconfirm title={t('operators.resetTotpConfirm', { username: operator.username })} onConfirm={() => resetTotp.mutateAsync({ operatorId: operator.id }).catch(() => undefined)}>
              <Button size="small" danger>
                {t('operators.resetTotp')}
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <Page title={t('menu.operators')} extra={<Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>{t('operators.new')}</Button>}>
      <PagedTable query={query} columns={columns} rowKey="id" list={list} testId="operators" />
      <Drawer open={editing !== null} title={editing === 'new' ? t('operators.new') : t('operators.editTitle', { username: editing?.username })} onClose={() => setEditing(null)} destroyOnHidden>
        {editing !== null ? <OperatorForm operator={editing === 'new' ? null : editing} onSaved={() => setEditing(null)} /> : null}
      </Drawer>
    </Page>
  );
}
