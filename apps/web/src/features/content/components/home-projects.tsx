import RightOutline from 'antd-mobile-icons/es/RightOutline';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { HomeNow, HomeProject } from '../api/content-queries';
import { DiceFace, DiceRow, VoidTag, dicePath, formatCountdown, periodPhase, useServerClock } from '../../game';

function ProjectClock({ project, serverNow }: { project: HomeProject; serverNow: number }) {
  const { t } = useTranslation();
  if (!project.current) return <p className="app-home-project-clock">{t('home.noPeriod')}</p>;
  const now = periodPhase(project.current, serverNow);
  return (
    <p className="app-home-project-clock" data-phase={now.phase}>
      <span className="app-home-project-phase">{t(`game.phase.${now.phase}`)}</span>
      {now.phase !== 'drawing' && (
        <span className="app-home-project-countdown" role="timer" dir="ltr" data-testid="home-countdown">
          {formatCountdown(now.secondsLeft)}
        </span>
      )}
    </p>
  );
}

function LastResult({ project }: { project: HomeProject }) {
  const { t } = useTranslation();
  const { last } = project;
  if (!last?.dice && last?.status !== 'void') return <p className="app-home-project-last">{t('game.noResults')}</p>;
  return (
    <p className="app-home-project-last" data-testid="home-last-result" data-status={last.status}>
      <span className="app-home-project-label">
        {t('game.period')} <bdi>{last.periodNo}</bdi>
      </span>
      {last.dice ? (
        <>
          <DiceRow dice={last.dice} size="small" />
          <span className="app-home-project-sum">
            {t('game.sum')} <bdi dir="ltr">{last.sum}</bdi>
          </span>
        </>
      ) : (
        <VoidTag />
      )}
    </p>
  );
}

/** One project: name, the running period's countdown by the server's clock, the last result; tapping opens its game. */
function ProjectCard({ project, serverNow }: { project: HomeProject; serverNow: number }) {
  return (
    <Link to={dicePath(project.id)} className="app-home-project" data-testid="home-project" data-id={project.id}>
      <span className="app-home-project-cover" aria-hidden="true">
        {project.cover ? <img src={project.cover} alt="" /> : <DiceFace value={5} />}
      </span>
      <span className="app-home-project-text">
        <span className="app-home-project-name">
          <bdi>{project.name}</bdi>
        </span>
        <ProjectClock project={project} serverNow={serverNow} />
        <LastResult project={project} />
      </span>
      <RightOutline className="app-home-project-arrow" aria-hidden="true" />
    </Link>
  );
}

/** The projects, each counting down on the server's clock (the phone's may be off). */
export function HomeProjects({ home }: { home: HomeNow }) {
  const { t } = useTranslation();
  const serverNow = useServerClock(home.clockOffsetMs);
  if (home.projects.length === 0) return null;
  return (
    <section className="app-home-section" aria-labelledby="home-projects-title">
      <h2 id="home-projects-title" className="app-section-title">
        {t('game.projects')}
      </h2>
      <ul className="app-home-projects" data-testid="home-projects">
        {home.projects.map((project) => (
          <li key={project.id}>
            <ProjectCard project={project} serverNow={serverNow} />
          </li>
        ))}
      </ul>
    </section>
  );
}
