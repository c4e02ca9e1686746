// The topology of docs/deploy.md under load: 1, then 2 server instances on one PostgreSQL database and one Redis,
// behind nginx; `/api/user/assets` (signed, authenticated) through nginx at 10 and 50 connections. It shows what
// another instance adds on this machine, and what one request costs each process in CPU time.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { workersOf } from '../deploy/nginx-process.js';
import { LOCAL_REDIS_URL, missingServices } from '../deploy/services.js';
import { startTopology, type Topology } from '../deploy/topology.js';
import { prepare, type BenchUser } from './api.js';
import type { Figures } from './figures.js';
import { assetsScenario, loadFor } from './http-load.js';
import { metersDuring, processMeter } from './process-cpu.js';
import { benchServerEnv, createDatabase, dropDatabase } from './server.js';
import { CONNECTION_COUNTS, DURATION_S, USERS, WARMUP_S } from './settings.js';

export const TOPOLOGY_INSTANCES = [1, 2] as const;
/**
 * Each instance compiles its hot code for itself (V8 works per process): a fresh one costs about twice the CPU per
 * request for its first few thousand requests. So each topology is first loaded this long per instance, unmeasured.
 */
const WARMUP_S_PER_INSTANCE = 5;

export interface TopologyRow {
  instances: number;
  connections: number;
  figures: Figures;
  /** CPU time (user + system) of each instance during the measured run, divided by all the answers, in milliseconds. */
  instanceCpuMs: number[];
  /** The same for nginx, its master and workers together. */
  nginxCpuMs: number;
}

export interface TopologyFigures {
  rows: TopologyRow[];
  /** Set instead of rows when nginx, PostgreSQL or Redis is not there. */
  skipped?: string;
  cores: number;
}

/** Runs `load` once unmeasured (the warm-up), then measured, with the CPU time each process used in the measured run. */
async function measureThrough(topology: Topology, users: BenchUser[], connections: number): Promise<Omit<TopologyRow, 'instances'>> {
  const scenario = { ...assetsScenario(users), baseUrl: topology.url, connections };
  await loadFor(scenario, WARMUP_S);
  const nginxPids = [topology.nginxPid, ...workersOf(topology.nginxPid)];
  const instancePids = topology.instances.map((instance) => instance.pid);
  const { result: figures, cpuMs } = await metersDuring([...instancePids, ...nginxPids].map(processMeter), () => loadFor(scenario, DURATION_S));
  const perRequest = (ms: number) => (figures.count > 0 ? ms / figures.count : Number.NaN);
  return {
    connections,
    figures,
    instanceCpuMs: cpuMs.slice(0, instancePids.length).map(perRequest),
    nginxCpuMs: perRequest(cpuMs.slice(instancePids.length).reduce((total, ms) => total + ms, 0)),
  };
}

/** One topology on a fresh database, set up through nginx as the benchmark sets its server up, then loaded at each connection count. */
async function measureInstances(postgresServerUrl: string, redisUrl: string, instances: number, log: (message: string) => void): Promise<TopologyRow[]> {
  const name = `bench_topology_${randomBytes(5).toString('hex')}`;
  const databaseUrl = await createDatabase(postgresServerUrl, name);
  try {
    const topology = await startTopology({ instances, databaseUrl, redisUrl, env: { ...process.env, ...benchServerEnv() } });
    try {
      const { users } = await prepare(topology.url);
      const warmUp = { ...assetsScenario(users), baseUrl: topology.url, connections: Math.max(...CONNECTION_COUNTS) };
      await loadFor(warmUp, WARMUP_S_PER_INSTANCE * instances);
      const rows: TopologyRow[] = [];
      for (const connections of CONNECTION_COUNTS) {
        log(`topology: ${instances} instance(s) behind nginx, ${connections} connections`);
        rows.push({ instances, ...(await measureThrough(topology, users, connections)) });
      }
      return rows;
    } finally {
      await topology.stop();
    }
  } finally {
    await dropDatabase(postgresServerUrl, name);
  }
}

/** Each instance count of TOPOLOGY_INSTANCES in turn, each at every connection count; nothing measured when a service is missing. */
export async function measureTopology(
  postgresServerUrl: string,
  redisUrl = process.env.REDIS_URL ?? LOCAL_REDIS_URL,
  log: (message: string) => void = () => undefined,
): Promise<TopologyFigures> {
  const cores = os.availableParallelism();
  const missing = await missingServices({ postgres: { url: postgresServerUrl, variable: 'BENCH_DATABASE_URL' }, redisUrl });
  if (missing.length > 0) return { rows: [], cores, skipped: `not measured: it needs ${missing.join(', ')}` };
  const rows: TopologyRow[] = [];
  for (const instances of TOPOLOGY_INSTANCES) rows.push(...(await measureInstances(postgresServerUrl, redisUrl, instances, log)));
  return { rows, cores };
}

const ms = (value: number) => (Number.isNaN(value) ? '–' : value < 100 ? value.toFixed(1) : value.toFixed(0));
const cpu = (value: number) => (Number.isNaN(value) ? '–' : value.toFixed(2));

function row(r: TopologyRow): string {
  const f = r.figures;
  const instancesCpu = r.instanceCpuMs.reduce((total, each) => total + each, 0);
  const each = r.instanceCpuMs.length > 1 ? ` (${r.instanceCpuMs.map(cpu).join(' + ')})` : '';
  return `| ${r.instances} | ${r.connections} | ${f.perSecond.toFixed(0)} | ${ms(f.p50)} | ${ms(f.p99)} | ${f.errors} | ${cpu(instancesCpu)}${each} | ${cpu(r.nginxCpuMs)} |`;
}

/** The result as a section of bench/RESULTS.md. */
export function topologySection(result: TopologyFigures): string {
  const heading = '## Several instances behind nginx (PostgreSQL and Redis)';
  if (result.skipped) return `${heading}\n\n${result.skipped}.\n`;
  return `${heading}

\`/api/user/assets\` (signed, authenticated, ${USERS} users in turn) through nginx, autocannon for ${DURATION_S} s after a
${WARMUP_S} s warm-up, with ${TOPOLOGY_INSTANCES.join(' and then ')} instance(s) on a fresh database each (docs/deploy.md's
topology, \`npm run topology\`); each topology is first loaded ${WARMUP_S_PER_INSTANCE} s per instance, unmeasured, since every
instance compiles its hot code for itself. CPU: user + system time of each process during the measured run, divided
by the answers. On ${result.cores} cores shared by the instances, nginx, PostgreSQL, Redis and the load generator, a
second instance brings no cores of its own: it competes for the same ones, and with half the connections each batches
less work per wake-up, so CPU per request goes up and throughput does not. More instances pay off where each has cores
of its own, and in surviving the loss of one.

| instances | connections | per s | p50 ms | p99 ms | errors | instances' CPU ms per request (each) | nginx CPU ms per request |
|---|---|---|---|---|---|---|---|
${result.rows.map(row).join('\n')}
`;
}
