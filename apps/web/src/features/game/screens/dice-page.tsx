import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { gameProjectsQuery } from '../api/game-queries';
import { hasSession } from '../../../api/session';
import { DelayedSpinner } from '../../../components/delayed-spinner';
import { EmptyState } from '../../../components/empty-state';
import { ProjectSwitcher } from '../components/project-switcher';
import { useChosenProject } from '../components/use-chosen-project';
import { LoadFailed } from '../../../components/load-failed';
import '../game.css';
import { ProjectGame } from '../components/project-game';
import { SignedOutGame } from '../components/signed-out-game';

function SignedInGame() {
  const { t } = useTranslation();
  const { data: projects, error, refetch } = useQuery(gameProjectsQuery);
  const { project, choose } = useChosenProject(projects);
  if (!projects) return error ? <LoadFailed error={error} retry={() => void refetch()} /> : <DelayedSpinner />;
  if (!project) return <EmptyState title={t('empty.noProjects')} />;
  return (
    <div className="app-game-page">
      <ProjectSwitcher projects={projects} active={project.id} onChange={choose} />
      {/* Keyed: another project starts with its own period, an empty slip and its own quantity range. */}
      <ProjectGame key={project.id} project={project} />
    </div>
  );
}

/** The Project tab: the game for everyone; the game's calls need a session, so without one the options and a way to log in. */
export function DicePage() {
  return hasSession() ? <SignedInGame /> : <SignedOutGame />;
}
