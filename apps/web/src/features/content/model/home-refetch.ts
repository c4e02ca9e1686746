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
  const delays = home.projects.map((project) => {
    if (!project.current) return NO_PERIOD_RECHECK_MS;
    // A project that has never drawn (its first period since it started) has no result for Home to await: counting
    // "awaited" from its opening would ask every second for half a minute after every fresh start.
    const recent = project.last ? [project.last] : [{ drawsAt: project.current.opensAt }];
    return periodRefetchDelayMs({ ...project.current, recent }, serverNow);
  });
  return delays.length > 0 ? Math.min(...delays) : false;
}
