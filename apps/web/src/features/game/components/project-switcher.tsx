import { useTranslation } from 'react-i18next';
import type { GameProject } from '../api/game-queries';
import { ScrollTabs } from '../../../components/scroll-tabs';

/** One tab per project, named as the operator named it; nothing when there is only one. */
export function ProjectSwitcher({ projects, active, onChange }: { projects: readonly GameProject[]; active: string; onChange: (id: string) => void }) {
  const { t } = useTranslation();
  if (projects.length < 2) return null;
  return (
    <ScrollTabs
      tabs={projects.map((project) => ({ key: project.id, label: <bdi>{project.name}</bdi> }))}
      active={active}
      onChange={onChange}
      label={t('game.projects')}
      testId="project-tabs"
      tabTestIdPrefix="project-tab"
    />
  );
}
