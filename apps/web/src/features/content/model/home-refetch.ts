import { periodRefetchDelayMs } from '../../game';
import type { HomeNow } from '../api/content-queries';

/** A project with no period running now (not started yet, or just switched on) is looked for again this often. */
export const NO_PERIOD_RECHECK_MS = 30_000;

/**
 * When to ask for the home page again: just after the first of the shown
 * periods draws (so its countdown moves on and its result appears), and
 * every second while a due result has not come yet.
 */
export function homeRefetchDelayMs(home: Pick<HomeNow, 'projects'>, serverNow: number): number | false {
  const delays = home.projects.map((project) =>
    project.current ? periodRefetchDelayMs({ ...project.current, recent: project.last ? [project.last] : [] }, serverNow) : NO_PERIOD_RECHECK_MS,
  );
  return delays.length > 0 ? Math.min(...delays) : false;
}
