// The server's footprint as production runs it (NODE_ENV=production, SQLite): the time from starting the
// process to its first healthy answer, and its resident memory, idle, after 1 000 requests over the wire.
// From the build (`node dist/main.js`) and, for comparison, from the sources through tsx.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { spawnServer, type ServerFrom } from '../apps/server/src/spawn-server.js';
import { signedBody, JSON_HEADERS } from './api.js';
import { OPERATOR, SIGNING } from './settings.js';

export const FOOTPRINT_REQUESTS = 1000;
/** How long the server is left alone before its memory is read: timers and the collector settle. */
const IDLE_MS = Number(process.env.FOOTPRINT_IDLE_MS ?? 5_000);

export interface Footprint {
  from: ServerFrom;
  startToHealthyMs: number;
  rssAfterStartMb: number;
  rssIdleAfterRequestsMb: number;
}

function residentMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return Math.round((kb / 1024) * 10) / 10;
}

/** The calls a visitor and an operator make: pages, public app calls, the console's reads. */
function requestMix(baseUrl: string, operatorToken: string): (() => Promise<Response>)[] {
  const app = (callPath: string) => () => fetch(`${baseUrl}${callPath}`, { method: 'POST', headers: JSON_HEADERS, body: signedBody({}) });
  const operator = (callPath: string, body: object = {}) => () =>
    fetch(`${baseUrl}${callPath}`, { method: 'POST', headers: { ...JSON_HEADERS, authorization: `Bearer ${operatorToken}` }, body: JSON.stringify(body) });
  const today = new Date().toISOString().slice(0, 10);
  return [
    () => fetch(`${baseUrl}/`),
    () => fetch(`${baseUrl}/console/`),
    app('/api/login/getlang'),
    app('/api/login/getkefu'),
    app('/api/login/getdownload'),
    app('/api/login/reg_agreement'),
    operator('/admin/api/dashboard', { from: today, to: today }),
    operator('/admin/api/settings'),
    operator('/admin/api/users'),
    () => fetch(`${baseUrl}/healthz`),
  ];
}

export async function measureFootprint(from: ServerFrom): Promise<Footprint> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-footprint-'));
  const startedAt = performance.now();
  const server = await spawnServer({
    from,
    ...(process.env.FOOTPRINT_NODE_ARGS ? { nodeArgs: process.env.FOOTPRINT_NODE_ARGS.split(' ') } : {}),
    env: {
      UPLOAD_SIGNING_SECRET: 'footprint-upload-signing-secret-0123456789',
      PATH: process.env.PATH,
      ...(process.env.MALLOC_ARENA_MAX ? { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX } : {}),
      ...(process.env.MALLOC_MMAP_THRESHOLD_ ? { MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ } : {}),
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      APP_ID: SIGNING.appId,
      APP_SIGNING_KEYS: `${SIGNING.keyId}:${SIGNING.key}`,
      OPERATOR_USERNAME: OPERATOR.username,
      OPERATOR_PASSWORD: OPERATOR.password,
    },
  });
  const startToHealthyMs = Math.round(performance.now() - startedAt);
  try {
    const rssAfterStartMb = residentMb(server.pid);
    const login = await fetch(`${server.url}/admin/api/login`, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(OPERATOR) });
    const { data } = (await login.json()) as { data: { token: string } };
    const mix = requestMix(server.url, data.token);
    for (let sent = 0; sent < FOOTPRINT_REQUESTS; sent += 10) {
      await Promise.all(
        mix.map(async (send) => {
          const response = await send();
          await response.arrayBuffer();
          if (!response.ok) throw new Error(`${response.url} answered ${response.status}`);
        }),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    return { from, startToHealthyMs, rssAfterStartMb, rssIdleAfterRequestsMb: residentMb(server.pid) };
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === import.meta.filename) {
  for (const from of ['build'] as const) console.log(JSON.stringify(await measureFootprint(from)));
}
