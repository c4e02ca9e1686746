import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { renderLocalNginx, type NginxSiteOptions } from './nginx-config.js';

/** Debian's package puts nginx in /usr/sbin, which is not on every user's PATH. */
const NGINX_CANDIDATES = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'];

/** The nginx binary: NGINX_BIN, else one on PATH or where Debian installs it; undefined when there is none. */
export function findNginx(): string | undefined {
  if (process.env.NGINX_BIN) return fs.existsSync(process.env.NGINX_BIN) ? process.env.NGINX_BIN : undefined;
  const onPath = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean).map((dir) => path.join(dir, 'nginx'));
  return [...onPath, ...NGINX_CANDIDATES].find((file) => fs.existsSync(file));
}

export interface RunningNginx {
  url: string;
  pid: number;
  /** Writes the configuration with these instances and has nginx load it; answers once the old workers have finished. */
  reload(instances: string[]): Promise<void>;
  stop(): Promise<void>;
}

export interface StartNginxOptions extends Omit<NginxSiteOptions, 'listen'> {
  port: number;
  workerProcesses?: number;
}

/** The worker processes of an nginx master. */
export function workersOf(masterPid: number): number[] {
  try {
    return fs.readFileSync(`/proc/${masterPid}/task/${masterPid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, timeoutMs: number, problem: () => string): Promise<void> {
  for (const startedAt = Date.now(); !condition(); await sleep(50)) {
    if (Date.now() - startedAt > timeoutMs) throw new Error(problem());
  }
}

/** nginx in the foreground from a temporary folder of its own, listening on 127.0.0.1:`port`, once it answers. */
export async function startNginx(options: StartNginxOptions): Promise<RunningNginx> {
  const binary = findNginx();
  if (!binary) throw new Error('nginx is not installed (Debian: apt-get install nginx)');
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-nginx-'));
  // Started as root, nginx's workers run as nobody, who must reach the temporary folders inside.
  fs.chmodSync(prefix, 0o755);
  const configFile = path.join(prefix, 'nginx.conf');
  const errorLog = path.join(prefix, 'error.log');
  const write = (instances: string[]) =>
    fs.writeFileSync(
      configFile,
      renderLocalNginx({
        ...options,
        instances,
        listen: `127.0.0.1:${options.port}`,
        prefix,
        startedAsRoot: process.getuid?.() === 0,
      }),
    );
  write(options.instances);
  fs.mkdirSync(path.join(prefix, 'temp'));

  // -e: the log nginx opens before it reads the configuration, which would otherwise be the system's.
  const child = spawn(binary, ['-p', prefix, '-c', configFile, '-e', errorLog], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = once(child, 'exit');
  const url = `http://127.0.0.1:${options.port}`;
  const log = () => `${stderr}${fs.existsSync(errorLog) ? fs.readFileSync(errorLog, 'utf8') : ''}`;
  const removePrefix = () => fs.rmSync(prefix, { recursive: true, force: true });

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      // SIGQUIT: a graceful stop, answers in flight are finished.
      child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    removePrefix();
  };

  for (let attempt = 0; attempt < 50; attempt += 1) {
    if (child.exitCode !== null) {
      const problem = log();
      removePrefix();
      throw new Error(`nginx exited with ${child.exitCode}: ${problem}`);
    }
    try {
      await fetch(`${url}/healthz`);
      return {
        url,
        pid: child.pid!,
        async reload(instances) {
          write(instances);
          const before = workersOf(child.pid!);
          child.kill('SIGHUP');
          // A new worker is started only once the new configuration is read and valid.
          await until(() => workersOf(child.pid!).some((pid) => !before.includes(pid)), 5_000, () => `nginx did not take the new configuration: ${log()}`);
          // The old workers finish their requests and close their connections; until they are gone, a client's
          // kept-alive connection to one may close under a request it has just sent.
          await until(() => workersOf(child.pid!).every((pid) => !before.includes(pid)), 60_000, () => 'the old nginx workers did not finish within 60 s');
        },
        stop,
      };
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  await stop();
  throw new Error(`nginx did not answer on ${url}: ${log()}`);
}
