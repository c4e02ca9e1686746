import type { PeriodicJob } from './periodic-job.js';

/** Starts every module's periodic jobs; the returned function stops them all. */
export function startJobs(jobs: PeriodicJob[], now: () => number): () => void {
  const stops = jobs.map((job) => job.start(now));
  return () => {
    for (const stop of stops) stop();
  };
}
