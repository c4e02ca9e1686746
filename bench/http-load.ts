// The HTTP scenarios: autocannon over loopback, every request built afresh (new ranstr, sign, requestId).
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { JSON_HEADERS, randomAmount, randomChannel, signedBody, type BenchUser } from './api.js';
import type { Figures } from './figures.js';
import { BASE_URL, CONNECTIONS, DURATION_S, WARMUP_S } from './settings.js';
import { metersDuring, type CpuMeter } from './process-cpu.js';

export interface Scenario {
  path: string;
  /** Where the load goes, and over how many connections: the benchmark's server and CONNECTIONS by default. */
  baseUrl?: string;
  connections?: number;
  headers?: Record<string, string>;
  /** The next request's body; undefined when there is nothing left to do. */
  body(): string | undefined;
  /** Sent, and not counted, once body() has run dry, until autocannon stops. */
  spare?: string;
  /** Called with the body of every 200 answer. */
  onOk?(body: string): void;
  /** CPU meters the measured run reads (the load generator's own time is recorded with them). */
  cpuOf?: CpuMeter[];
}

/** One run of `seconds`, measured. */
export function loadFor(scenario: Scenario, seconds: number): Promise<Figures> {
  return new Promise((resolve, reject) => {
    const startedAt = performance.now();
    let dryAt: number | undefined;
    let spareSent = 0;
    // setupRequest runs for the first time inside autocannon() itself, before the instance is returned.
    const handle: { instance?: autocannon.Instance } = {};
    handle.instance = autocannon(
      {
        url: `${scenario.baseUrl ?? BASE_URL}${scenario.path}`,
        connections: scenario.connections ?? CONNECTIONS,
        duration: seconds,
        requests: [
          {
            method: 'POST',
            headers: { ...JSON_HEADERS, ...scenario.headers },
            setupRequest: (request) => {
              let body = scenario.body();
              if (body === undefined) {
                if (dryAt === undefined) {
                  dryAt = performance.now();
                  handle.instance?.stop();
                }
                spareSent++;
                body = scenario.spare ?? '{}';
              }
              return { ...request, body };
            },
            ...(scenario.onOk ? { onResponse: (status: number, body: string) => status === 200 && scenario.onOk?.(body) } : {}),
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error instanceof Error ? error : new Error(String(error)));
        const measuredSeconds = dryAt === undefined ? result.duration : (dryAt - startedAt) / 1000;
        const ok = result['2xx'];
        resolve({
          perSecond: ok / measuredSeconds,
          p50: ok > 0 ? result.latency.p50 : Number.NaN,
          p99: ok > 0 ? result.latency.p99 : Number.NaN,
          count: ok,
          // autocannon's errors include its timeouts.
          errors: Math.max(0, result.errors + result.non2xx - spareSent),
          seconds: measuredSeconds,
          ...(dryAt === undefined ? {} : { note: `ran out of recharges to approve after ${measuredSeconds.toFixed(1)} s` }),
        });
      },
    );
    if (dryAt !== undefined) handle.instance.stop();
  });
}

/** An unmeasured warm-up, then the measured run (with the CPU of `cpuOf`, when given, over it alone). */
export async function measure(scenario: Scenario): Promise<Figures> {
  await loadFor(scenario, WARMUP_S);
  if (!scenario.cpuOf) return loadFor(scenario, DURATION_S);
  const { result, cpuMs, ownMs } = await metersDuring(scenario.cpuOf, () => loadFor(scenario, DURATION_S));
  return { ...result, cpuMs: { processes: cpuMs, loadGenerator: ownMs } };
}

/** Hands out the users in turn. */
export function roundRobin(users: BenchUser[]): () => BenchUser {
  let next = 0;
  return () => users[next++ % users.length]!;
}

/** `/api/user/assets`: balances and ledger totals of the calling user, the users in turn. */
export function assetsScenario(users: BenchUser[]): Scenario {
  const nextUser = roundRobin(users);
  return { path: '/api/user/assets', body: () => signedBody({}, nextUser().token) };
}

export function assetsReads(users: BenchUser[], connections: number, cpuOf?: CpuMeter[]): Promise<Figures> {
  return measure({ ...assetsScenario(users), connections, ...(cpuOf ? { cpuOf } : {}) });
}

/** `/api/money/recharge` with a new requestId each, on all four channels; the new order numbers go to `created`. */
export function rechargeCreations(users: BenchUser[], created: string[], connections: number): Promise<Figures> {
  const nextUser = roundRobin(users);
  return measure({
    connections,
    path: '/api/money/recharge',
    body: () => signedBody({ channelId: randomChannel(), amount: randomAmount(), requestId: randomUUID() }, nextUser().token),
    onOk: (body) => created.push((JSON.parse(body) as { data: { orderNo: string } }).data.orderNo),
  });
}

/** `/admin/api/recharges/review` approving recharges from `pending`, oldest first: each one a ledger transfer. Returns where it stopped. */
export async function rechargeApprovals(
  operatorToken: string,
  pending: string[],
  start: number,
  connections: number,
  cpuOf?: CpuMeter[],
): Promise<{ figures: Figures; next: number }> {
  let index = start;
  const figures = await measure({
    ...(cpuOf ? { cpuOf } : {}),
    connections,
    path: '/admin/api/recharges/review',
    headers: { authorization: `Bearer ${operatorToken}` },
    body: () => (index < pending.length ? JSON.stringify({ orderNo: pending[index++], approve: true, remark: '' }) : undefined),
    spare: JSON.stringify({ orderNo: pending[0] ?? 'R000000NONE000000', approve: true, remark: '' }),
  });
  return { figures, next: Math.min(index, pending.length) };
}
