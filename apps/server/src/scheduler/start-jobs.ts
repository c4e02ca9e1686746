import type { PeriodicJob } from './periodic-job.js';

export interface RunningJobs {
  running(): boolean;
  /** No new round starts; resolves when the rounds under way have finished. */
  stop(): Promise<void>;
}

/** Starts every module's periodic jobs. */
export function startJobs(jobs: PeriodicJob[], now: () => number): RunningJobs {
  const stops = jobs.map((job) => job.start(now));
  let stopped = false;
  return {
    running: () => !stopped,
    async stop() {
      stopped = true;
      await Promise.all(stops.map((stop) => stop()));
    },
  };
}
