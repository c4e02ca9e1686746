// The server's footprint as production runs it (NODE_ENV=production, SQLite): the time from starting the
// process to its first healthy answer, and its resident memory, idle, after 1 000 requests over the wire.
// From the build (`node dist/main.js`) and, for comparison, from the sources through tsx.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { spawnServer, type ServerFrom } from '../apps/server/src/spawn-server.js';
import { signedBody, JSON_HEADERS } from './api.js';
import { replaceSection } from './results-section.js';
import { OPERATOR, SIGNING } from './settings.js';

export const FOOTPRINT_REQUESTS = 1000;
/** How long the server is left alone before its memory is read: timers and the collector settle. */
const IDLE_MS = 10_000;

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
    env: {
      UPLOAD_SIGNING_SECRET: 'footprint-upload-signing-secret-0123456789',
      PATH: process.env.PATH,
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

const SECTION_TITLE = '## Server footprint';

/** The report's section: both ways of running the server, side by side. */
export function footprintSection(footprints: Footprint[]): string {
  const rows = footprints.map(
    (f) => `| ${f.from === 'build' ? '`npm start`: node on the build' : 'tsx on the sources (before)'} | ${f.startToHealthyMs} | ${f.rssAfterStartMb} | ${f.rssIdleAfterRequestsMb} |`,
  );
  return `${SECTION_TITLE}

NODE_ENV=production on SQLite, a fresh data folder. Start: from spawning the process to the first 200 from \`/healthz\`.
Memory: resident (VmRSS) right after that, and again ${IDLE_MS / 1000} s after ${FOOTPRINT_REQUESTS} requests over the wire
(pages, public app calls, the console's reads, in tens at a time). Targets: start ≤ 2 000 ms, idle ≤ 100 MB.

| server | start to healthy ms | resident after start MB | resident idle after ${FOOTPRINT_REQUESTS} requests MB |
|---|---|---|---|
${rows.join('\n')}
`;
}

export async function measureFootprints(): Promise<Footprint[]> {
  return [await measureFootprint('build'), await measureFootprint('source')];
}

/** `npm run bench:footprint`: measures (after \`npm run build\`) and replaces this section of bench/RESULTS.md. */
if (process.argv[1] === import.meta.filename) {
  const section = footprintSection(await measureFootprints());
  replaceSection(SECTION_TITLE, section);
  console.log(section);
}
