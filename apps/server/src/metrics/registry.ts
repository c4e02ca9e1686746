import type PromClient from 'prom-client';
import type { GroupCommitCounts } from '../ledger/group-commit.js';
import { loadOnDemand } from '../load-on-demand.js';

/** Request durations: a fast read takes milliseconds, a settlement-heavy call may take seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const SETTLEMENT_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export interface RequestLabels {
  method: string;
  route: string;
  status: string;
}

/** One instance's Prometheus series (PRODUCT §13); modules add the gauges they can read at scrape time. */
export interface Metrics {
  countRequest(labels: RequestLabels, seconds: number): void;
  /** The draw of one period with the settlement of its orders. */
  observeSettlement(project: string, seconds: number): void;
  /** A gauge set from the database (or the process) each time Prometheus scrapes. */
  gauge<Label extends string>(name: string, help: string, labelNames: Label[], read: (set: (labels: Record<Label, string>, value: number) => void) => Promise<void> | void): void;
  /** A counter kept elsewhere (a plain number the code adds to), read each time Prometheus scrapes. */
  counter<Label extends string>(name: string, help: string, labelNames: Label[], read: (set: (labels: Record<Label, string>, value: number) => void) => void): void;
  /** How a group-committed money write's batches went (ledger/group-commit.ts), under the write's name. */
  watchGroupCommit(write: string, counts: GroupCommitCounts): void;
  /** The Prometheus text; null when metrics are off. */
  scrape(): Promise<{ contentType: string; text: string }> | null;
}

/** Without METRICS_TOKEN nobody may read them: nothing is counted, and prom-client (13 MB of the process) is never loaded. */
const METRICS_OFF: Metrics = {
  countRequest: () => undefined,
  observeSettlement: () => undefined,
  gauge: () => undefined,
  counter: () => undefined,
  watchGroupCommit: () => undefined,
  scrape: () => null,
};

/** A registry of its own per app, so that tests building several apps in one process never collide. */
export function createMetrics(options: { enabled: boolean }): Metrics {
  if (!options.enabled) return METRICS_OFF;
  const prom = loadOnDemand<typeof PromClient>('prom-client');
  const registry = new prom.Registry();
  prom.collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new prom.Counter({ name: 'http_requests_total', help: 'Requests answered, by route pattern and status', labelNames, registers });
  const requestSeconds = new prom.Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern and status',
    labelNames,
    buckets: DURATION_BUCKETS,
    registers,
  });
  const settlementSeconds = new prom.Histogram({
    name: 'settlement_duration_seconds',
    help: 'Time to draw one period and settle its orders',
    labelNames: ['project'],
    buckets: SETTLEMENT_BUCKETS,
    registers,
  });
  const counter: Metrics['counter'] = (name, help, counterLabels, read) => {
    new prom.Counter({
      name,
      help,
      labelNames: counterLabels,
      registers,
      collect() {
        this.reset();
        read((labels, value) => this.inc(labels, value));
      },
    });
  };
  const groupCommits = new Map<string, GroupCommitCounts>();
  const groupCommitCounter = (name: string, help: string, count: keyof GroupCommitCounts) =>
    counter(name, help, ['write'], (set) => groupCommits.forEach((counts, write) => set({ write }, counts[count])));
  groupCommitCounter('group_commit_batches_total', 'Transactions that committed a batch of money writes, by write', 'batches');
  groupCommitCounter('group_commit_writes_total', 'Money writes that went through group commit, by write', 'writes');
  groupCommitCounter('group_commit_retried_alone_total', 'Money writes run again alone after the database failed their batch, by write', 'retriedAlone');
  return {
    countRequest(labels, seconds) {
      requests.inc({ ...labels });
      requestSeconds.observe({ ...labels }, seconds);
    },
    observeSettlement: (project, seconds) => settlementSeconds.observe({ project }, seconds),
    gauge(name, help, gaugeLabels, read) {
      new prom.Gauge({
        name,
        help,
        labelNames: gaugeLabels,
        registers,
        async collect() {
          this.reset();
          await read((labels, value) => this.set(labels, value));
        },
      });
    },
    counter,
    watchGroupCommit: (write, counts) => void groupCommits.set(write, counts),
    scrape: async () => ({ contentType: registry.contentType, text: await registry.metrics() }),
  };
}
