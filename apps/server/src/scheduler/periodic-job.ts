import type { FastifyBaseLogger } from 'fastify';
import { OncePerInterval } from '../once-per-interval.js';

export interface PeriodicJobDefinition {
  /** Names the job in the log line of a failed round. */
  name: string;
  intervalMs: number;
  /** One round. Any number of instances may run it at once: exactly-once comes from guarded updates inside. */
  run: (now: number) => Promise<unknown>;
}

export interface PeriodicJob {
  /** A round if the interval has passed since the last one (or waits for the running one); never fails: a failed round is logged and only late. */
  runIfDue(now: number): Promise<void>;
  /** Runs what is due at once, then on schedule even when no request comes; returns the stop, which waits for a round under way. */
  start(now: () => number): () => Promise<void>;
}

/** Every timer of the server: at most one round per interval per instance, on its own and before requests that need it. */
export function periodicJob(definition: PeriodicJobDefinition, log: FastifyBaseLogger): PeriodicJob {
  const rounds = new OncePerInterval(definition.run, definition.intervalMs);
  const runIfDue = (now: number) => rounds.runIfDue(now).catch((error: unknown) => log.error({ err: error }, `${definition.name} failed`));
  return {
    runIfDue,
    start(now) {
      const tick = () => void runIfDue(now());
      tick();
      // A little more often than the interval, so a tick never falls just short of it and skips a round.
      const timer = setInterval(tick, definition.intervalMs / 2);
      timer.unref();
      return async () => {
        clearInterval(timer);
        await rounds.settled();
      };
    },
  };
}
