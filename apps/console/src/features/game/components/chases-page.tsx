import { Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page';
import { useListParams } from '../../../components/use-list-params';
import { useMayCall } from '../../../components/use-may-call';
import { ChasesTable } from './chases-table';
import { ProjectSelect } from './project-select';

const FILTERS = ['projectId', 'username', 'running'] as const;

/** Every user's chases beside the orders, filtered by project, user and whether still running. */
export function ChasesPage() {
  const { t } = useTranslation();
  const mayCall = useMayCall();
  const list = useListParams(FILTERS);
  const { projectId, username, running } = list.filters;
  return (
    <Page title={t('menu.chases')}>
      <Space wrap style={{ marginBottom: 16 }}>
        {mayCall('/admin/api/projects') ? <ProjectSelect allowClear value={projectId} onChange={(next) => list.setFilters({ projectId: next })} /> : null}
        <Input.Search
          allowClear
          key={username ?? ''}
          defaultValue={username}
          placeholder={t('users.username')}
          style={{ width: 220 }}
          onSearch={(value) => list.setFilters({ username: value.trim() || undefined })}
        />
        <Select
          allowClear
          placeholder={t('chases.status')}
          style={{ width: 160 }}
          value={running}
          onChange={(value?: string) => list.setFilters({ running: value })}
          options={[
            { value: 'true', label: t('chases.running') },
            { value: 'false', label: t('chases.ended') },
          ]}
        />
      </Space>
      <ChasesTable filters={{ projectId, username, running: running === undefined ? undefined : running === 'true' }} list={list} showUser />
    </Page>
  );
}
