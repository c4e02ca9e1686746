import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Metrics } from '../../metrics/registry.js';
import { queues } from './operator-dashboard.js';

/** The review queues the dashboard shows, for alerts: how many wait, and how long the oldest has, by the server's clock (`now`), which wrote their times. */
export function registerQueueGauges(metrics: Metrics, db: Kysely<Database>, now: () => number): void {
  metrics.gauge('review_queue_length', 'Items waiting in each review queue', ['queue'], async (set) => {
    for (const [queue, { count }] of Object.entries(await queues(db))) set({ queue }, count);
  });
  metrics.gauge('review_queue_oldest_age_seconds', 'Age of the oldest item waiting in each review queue: 0 when empty', ['queue'], async (set) => {
    const at = now();
    for (const [queue, { oldestAt }] of Object.entries(await queues(db))) set({ queue }, oldestAt === null ? 0 : Math.max(0, at - oldestAt) / 1000);
  });
}
