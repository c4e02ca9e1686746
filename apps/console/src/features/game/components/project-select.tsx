import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useProjects } from '../api/game-calls';

/** Chooses one project by name; `allowClear` lets a filter stand for every project. */
export function ProjectSelect({ value, onChange, allowClear = false }: { value: string | undefined; onChange: (id: string | undefined) => void; allowClear?: boolean }) {
  const { t } = useTranslation();
  const projects = useProjects();
  return (
    <Select
      style={{ width: 240 }}
      aria-label={t('orders.project')}
      placeholder={t('periods.chooseProject')}
      value={value}
      allowClear={allowClear}
      loading={projects.isLoading}
      options={(projects.data ?? []).map((project) => ({ value: project.id, label: project.name }))}
      onChange={(id?: string) => onChange(id)}
    />
  );
}
