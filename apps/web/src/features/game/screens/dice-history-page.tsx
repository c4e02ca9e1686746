import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { gameProjectsQuery } from '../api/game-queries';
import { DelayedSpinner } from '../../../components/delayed-spinner';
import { EmptyState } from '../../../components/empty-state';
import { ProjectSwitcher } from '../components/project-switcher';
import { useChosenProject } from '../components/use-chosen-project';
import { LoadFailed } from '../../../components/load-failed';
import { ScrollTabs } from '../../../components/scroll-tabs';
import '../game.css';
import '../../../styles/list.css';
import '../../money/money.css';
import { DrawnPeriods } from '../components/drawn-periods';
import { HowToCheck } from '../components/how-to-check';
import { TrendView } from '../components/trend-view';

const VIEWS = ['results', 'trend'] as const;
type View = (typeof VIEWS)[number];
const VIEW_PARAM = 'view';

/** Drawn periods with what proves them fair, each checkable in the browser; the trend of the last 100 draws. */
export function DiceHistoryPage() {
  const { t } = useTranslation();
  const { data: projects, error, refetch } = useQuery(gameProjectsQuery);
  const { project, choose } = useChosenProject(projects);
  const [params, setParams] = useSearchParams();
  const view: View = params.get(VIEW_PARAM) === 'trend' ? 'trend' : 'results';
  const howTo = useRef<HTMLDetailsElement>(null);

  if (!projects) return error ? <LoadFailed error={error} retry={() => void refetch()} /> : <DelayedSpinner />;
  if (!project) return <EmptyState title={t('empty.noProjects')} />;

  const showView = (next: View) =>
    setParams(
      (before) => {
        const after = new URLSearchParams(before);
        if (next === 'results') after.delete(VIEW_PARAM);
        else after.set(VIEW_PARAM, next);
        return after;
      },
      { replace: true },
    );
  const openHowTo = () => {
    if (!howTo.current) return;
    howTo.current.open = true;
    howTo.current.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <div className="app-list-page app-history-page">
      <ProjectSwitcher projects={projects} active={project.id} onChange={choose} />
      <section className="app-fairness-intro" data-testid="fairness-intro">
        <p>{t('gamePages.history.intro')}</p>
        <button type="button" className="app-game-link" onClick={openHowTo} data-testid="how-to-link">
          {t('gamePages.history.howLink')}
        </button>
      </section>
      <ScrollTabs
        tabs={VIEWS.map((key) => ({ key, label: t(`gamePages.history.${key}`) }))}
        active={view}
        onChange={showView}
        label={t('gamePages.history.views')}
        testId="history-tabs"
        tabTestIdPrefix="history-tab"
      />
      {view === 'results' ? <DrawnPeriods key={project.id} projectId={project.id} /> : <TrendView key={project.id} projectId={project.id} />}
      <HowToCheck ref={howTo} />
    </div>
  );
}
