import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, spawnServer, type SpawnedServer } from '../apps/server/src/spawn-server.js';
import { startNginx } from './nginx-process.js';

/**
 * Several server instances on one PostgreSQL database and one Redis, with
 * nginx in front: the topology docs/deploy.md describes, on this machine.
 */

export interface TopologyOptions {
  instances: number;
  /** postgres://…: every instance on the same database. */
  databaseUrl: string;
  redisUrl?: string;
  /** The rest of each instance's environment, the same for all: APP_ID, APP_SIGNING_KEYS, OPERATOR_PASSWORD… */
  env?: NodeJS.ProcessEnv;
  /** nginx's port on 127.0.0.1; a free one when not given. */
  port?: number;
  /** The instances' shared DATA_DIR (uploads); a temporary folder, removed at the end, when not given. */
  dataDir?: string;
  /** Load balancers whose X-Forwarded-For nginx believes (see NginxSiteOptions). */
  trustedProxies?: string[];
  /** The instances' own output (their first start prints the operator's password when none is set). */
  instanceOutput?: 'ignore' | 'inherit';
}

export interface Instance {
  url: string;
  /** `host:port`, as nginx's upstream names it. */
  address: string;
  pid: number;
  /** The signal goes to the server itself. */
  process: SpawnedServer;
}

export interface Topology {
  /** nginx: where clients go. */
  url: string;
  nginxPid: number;
  instances: Instance[];
  /** Starts one more instance and, once its /healthz answers, has nginx send to it (and no longer to instances that have exited). */
  addInstance(): Promise<Instance>;
  /** nginx first (no new requests), then every instance still running, gracefully. */
  stop(): Promise<void>;
}

const isRunning = (server: SpawnedServer) => server.child.exitCode === null && server.child.signalCode === null;

function instanceEnv(options: TopologyOptions, dataDir: string): NodeJS.ProcessEnv {
  return {
    ...options.env,
    DATABASE_URL: options.databaseUrl,
    ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
    // Behind nginx the client's address comes in X-Forwarded-For, believed only from nginx on this machine.
    TRUST_PROXY: '127.0.0.1,::1',
    DATA_DIR: dataDir,
  };
}

export async function startTopology(options: TopologyOptions): Promise<Topology> {
  if (options.instances < 1) throw new Error('a topology needs at least one instance');
  const ownDataDir = options.dataDir ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-topology-'));
  const env = instanceEnv(options, options.dataDir ?? ownDataDir!);
  const instances: Instance[] = [];
  let stopNginx = async () => {};

  const startInstance = async (): Promise<Instance> => {
    const spawned = await spawnServer({ env, stdout: options.instanceOutput ?? 'ignore', stderr: options.instanceOutput === 'inherit' ? 'inherit' : 'capture' });
    const instance = { url: spawned.url, address: `127.0.0.1:${spawned.port}`, pid: spawned.pid, process: spawned };
    instances.push(instance);
    return instance;
  };

  const stop = async () => {
    await stopNginx();
    await Promise.all(instances.map((instance) => instance.process.stop('SIGTERM')));
    if (ownDataDir) fs.rmSync(ownDataDir, { recursive: true, force: true });
  };

  try {
    // The first migrates a fresh database and makes the first operator alone; the others find it done.
    await startInstance();
    await Promise.all(Array.from({ length: options.instances - 1 }, startInstance));
    const nginx = await startNginx({
      port: options.port ?? (await freePort()),
      instances: instances.map((instance) => instance.address),
      trustedProxies: options.trustedProxies ?? [],
    });
    stopNginx = nginx.stop;
    return {
      url: nginx.url,
      nginxPid: nginx.pid,
      instances,
      async addInstance() {
        const instance = await startInstance();
        await nginx.reload(instances.filter((running) => isRunning(running.process)).map((running) => running.address));
        return instance;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
