import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { OPERATOR_CALLS } from '@wallet/contract/core';
import { Button, Drawer, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResultOf } from '../../../api/call-types';
import { DateTime } from '../../../components/date-time';
import { MoneyText } from '../../../components/money-text';
import { Page } from '../../../components/page';
import { QueryError } from '../../../components/query-error';
import { useMayCall } from '../../../components/use-may-call';
import { useProjects } from '../api/game-calls';
import { ProjectForm } from './project-form';

type Project = ResultOf<typeof OPERATOR_CALLS.projects>[number];

/** Every project with its timing and limits; an admin edits one in a drawer. */
export function ProjectsPage() {
  const { t } = useTranslation();
  const mayCall = useMayCall();
  const projects = useProjects();
  const [editing, setEditing] = useState<Project | 'new' | null>(null);
  const mayEdit = mayCall('/admin/api/projects/save');

  const columns: TableColumnsType<Project> = [
    { title: t('projects.name'), dataIndex: 'name', render: (name: string, p) => <><Typography.Text strong>{name}</Typography.Text> <Typography.Text type="secondary">{p.id}</Typography.Text></> },
    { title: t('projects.enabled'), dataIndex: 'enabled', render: (enabled: boolean) => <Tag color={enabled ? 'green' : 'default'}>{t(enabled ? 'projects.on' : 'projects.off')}</Tag> },
    {
      title: t('projects.timing'),
      render: (_, p) => (
        <>
          {t('projects.timingText', { period: p.periodSeconds, lock: p.lockSeconds })}
          {p.nextTiming ? (
            <div>
              <Typography.Text type="warning">
                {t('projects.nextTiming', { period: p.nextTiming.periodSeconds, lock: p.nextTiming.lockSeconds })} <DateTime value={p.nextTiming.from} />
              </Typography.Text>
            </div>
          ) : null}
        </>
      ),
    },
    { title: t('projects.unitAmount'), dataIndex: 'unitAmount', align: 'right', render: (value: string) => <MoneyText value={value} /> },
    { title: t('projects.quantity'), render: (_, p) => `${p.minQuantity} – ${p.maxQuantity}` },
    { title: t('projects.exposureLimit'), dataIndex: 'exposureLimit', align: 'right', render: (value: string | null) => (value ? <MoneyText value={value} /> : t('projects.noLimit')) },
    { title: t('projects.updatedAt'), dataIndex: 'updatedAt', render: (value: number) => <DateTime value={value} /> },
    ...(mayEdit
      ? [{ title: t('records.actions'), render: (_: unknown, p: Project) => <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(p)}>{t('actions.edit')}</Button> }]
      : []),
  ];

  return (
    <Page
      title={t('menu.projects')}
      extra={mayEdit ? <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>{t('projects.new')}</Button> : null}
    >
      <QueryError error={projects.error} onRetry={projects.refetch} />
      <Table rowKey="id" size="middle" columns={columns} dataSource={projects.data ?? []} loading={projects.isFetching} pagination={false} data-testid="projects" />
      <Drawer
        open={editing !== null}
        size="large"
        width={880}
        title={editing === 'new' ? t('projects.new') : t('projects.editTitle', { name: editing?.name })}
        onClose={() => setEditing(null)}
        destroyOnHidden
      >
        {editing !== null ? <ProjectForm project={editing === 'new' ? null : editing} onSaved={() => setEditing(null)} /> : null}
      </Drawer>
    </Page>
  );
}
