import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Request durations: a fast read takes milliseconds, a settlement-heavy call may take seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** One instance's Prometheus series (PRODUCT §13); modules add the gauges they can read at scrape time. */
export interface Metrics {
  registry: Registry;
  requests: Counter<'method' | 'route' | 'status'>;
  requestSeconds: Histogram<'method' | 'route' | 'status'>;
  /** The draw of one period with the settlement of its orders. */
  settlementSeconds: Histogram<'project'>;
  /** A gauge set from the database (or the process) each time Prometheus scrapes. */
  gauge<Label extends string>(name: string, help: string, labelNames: Label[], read: (set: (labels: Record<Label, string>, value: number) => void) => Promise<void> | void): void;
}

/** A registry of its own per app, so that tests building several apps in one process never collide. */
export function createMetrics(options: { processDefaults: boolean }): Metrics {
  const registry = new Registry();
  if (options.processDefaults) collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    requests: new Counter({ name: 'http_requests_total', help: 'Requests answered, by route pattern and status', labelNames: ['method', 'route', 'status'], registers }),
    requestSeconds: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer a request, by route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: DURATION_BUCKETS,
      registers,
    }),
    settlementSeconds: new Histogram({
      name: 'settlement_duration_seconds',
      help: 'Time to draw one period and settle its orders',
      labelNames: ['project'],
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
    gauge(name, help, labelNames, read) {
      new Gauge({
        name,
        help,
        labelNames,
        registers,
        async collect() {
          this.reset();
          await read((labels, value) => this.set(labels, value));
        },
      });
    },
  };
}
