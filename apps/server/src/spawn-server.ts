import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The real server (`main.ts`) as a child process, answering /healthz: what
 * the process tests, the benchmark and the local topology of several
 * instances all start.
 */

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** A port nothing listens on at this moment. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface SpawnServerOptions {
  /** The whole environment of the server, apart from PORT and HOST. */
  env: NodeJS.ProcessEnv;
  /** A free one when not given. */
  port?: number;
  host?: string;
  /** 'capture' keeps stderr for the error thrown when the server does not come up. */
  stdout?: 'ignore' | 'inherit';
  stderr?: 'capture' | 'inherit';
  /** How long to wait for /healthz. */
  startTimeoutMs?: number;
  /** Options of node itself, e.g. to profile the server. */
  nodeArgs?: string[];
  /** The build (`npm run build`) or the TypeScript sources through tsx; SERVER_FROM, else the sources. */
  from?: ServerFrom;
}

export type ServerFrom = 'build' | 'source';

/** `SERVER_FROM=build` (set by `npm test` after it builds) runs every spawned server from the build, as production does. */
export function serverFromEnv(env: NodeJS.ProcessEnv = process.env): ServerFrom {
  return env['SERVER_FROM'] === 'build' ? 'build' : 'source';
}

/** node's arguments that start the server: those of `npm start` (its memory flags and the built file), or the sources through tsx. */
export function serverEntry(from: ServerFrom = serverFromEnv()): string[] {
  if (from === 'source') return ['--import', 'tsx', 'apps/server/src/main.ts'];
  const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'apps/server/package.json'), 'utf8')) as { scripts: { start: string } };
  const [command, ...args] = manifest.scripts.start.split(' ');
  if (command !== 'node') throw new Error(`apps/server's start script should run node, not ${command}`);
  return args.map((arg) => (arg.startsWith('dist/') ? `apps/server/${arg}` : arg));
}

export interface SpawnedServer {
  url: string;
  port: number;
  pid: number;
  child: ChildProcess;
  exited: Promise<unknown>;
  /** Sends `signal` and waits for the exit, with SIGKILL after `graceMs`; nothing when it has exited already. */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<void>;
}

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

export async function spawnServer(options: SpawnServerOptions): Promise<SpawnedServer> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? (await freePort());
  // node itself, not npx: a signal must reach the server, not a wrapper.
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...serverEntry(options.from)], {
    cwd: REPO_ROOT,
    env: { ...options.env, PORT: String(port), HOST: host },
    stdio: ['ignore', options.stdout ?? 'ignore', options.stderr === 'inherit' ? 'inherit' : 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = once(child, 'exit');
  const url = `http://${host}:${port}`;

  const stop = async (signal: NodeJS.Signals = 'SIGTERM', graceMs = 10_000) => {
    if (hasExited(child)) return;
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  };

  const deadline = Date.now() + (options.startTimeoutMs ?? 30_000);
  while (Date.now() < deadline) {
    if (hasExited(child)) throw new Error(`the server exited with ${child.exitCode ?? child.signalCode} before it answered: ${stderr}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, port, pid: child.pid!, child, exited, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  await stop('SIGKILL');
  throw new Error(`the server did not answer ${url}/healthz: ${stderr}`);
}
