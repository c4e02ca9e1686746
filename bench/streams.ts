// What live-results streams cost (PRODUCT §6): the server's resident memory per open stream, and the CPU it
// spends, with every stream open, to tell all of them one draw. `npm run bench:streams` after `npm run build`.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { call, prepare } from './api.js';
import { prepareGame } from './game.js';
import { replaceSection } from './results-section.js';
import { cpuMs } from './process-cpu.js';
import { startServer } from './server.js';
import { BASE_URL, BENCH_PROJECT } from './settings.js';

export const STREAMS = Number(process.env.BENCH_STREAMS ?? 1_000);
const SECTION_TITLE = '## Live-results streams';

export interface StreamFigures {
  streams: number;
  rssBeforeMb: number;
  rssOpenMb: number;
  kbPerStream: number;
  /** CPU the server spent from the draw until every stream had its `period` event. */
  drawCpuMs: number;
  /** From the period's draw time until the first and the last stream heard of it. */
  firstHeardMs: number;
  lastHeardMs: number;
}

function residentMb(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);
  return kb / 1024;
}

interface OpenStream {
  /** Resolves when the stream first answers. */
  opened: Promise<void>;
  /** When an event naming this period as drawn arrived. */
  heardDrawn(periodNo: string): Promise<number>;
  close(): void;
}

/** One stream on a connection of its own, as a browser holds one. */
function openStream(ticket: string): OpenStream {
  let text = '';
  const waiters: { periodNo: string; resolve: (at: number) => void }[] = [];
  let markOpened: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (markOpened = resolve));
  const request = http.get(`${BASE_URL}/api/events?ticket=${encodeURIComponent(ticket)}`, { agent: false }, (response) => {
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      markOpened();
      text += chunk;
      let end: number;
      while ((end = text.indexOf('\n\n')) !== -1) {
        const event = text.slice(0, end);
        text = text.slice(end + 2);
        if (!event.includes('event: period') || !event.includes('"status":"drawn"')) continue;
        for (const waiter of waiters.filter((w) => event.includes(`"periodNo":"${w.periodNo}"`) && event.includes(`"projectId":"${BENCH_PROJECT.id}"`))) {
          waiter.resolve(performance.timeOrigin + performance.now());
        }
      }
    });
  });
  request.on('error', () => undefined);
  return {
    opened,
    heardDrawn: (periodNo) => new Promise((resolve) => waiters.push({ periodNo, resolve })),
    close: () => request.destroy(),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function measureStreams(): Promise<StreamFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-streams-'));
  const server = await startServer({ DATA_DIR: dataDir });
  const streams: OpenStream[] = [];
  try {
    const { operatorToken, users } = await prepare();
    await prepareGame(operatorToken, users);
    const tickets: string[] = [];
    for (let i = 0; i < STREAMS; i += 1) tickets.push((await call<{ ticket: string }>('/api/events/ticket', {}, users[i % users.length]!.token)).ticket);

    await sleep(2_000);
    const rssBeforeMb = residentMb(server.pid);
    for (const ticket of tickets) streams.push(openStream(ticket));
    await Promise.all(streams.map((stream) => stream.opened));
    await sleep(2_000);
    const rssOpenMb = residentMb(server.pid);

    // The next draw of the benchmark's project, with a few seconds to spare before it.
    let period = await call<{ periodNo: string; drawsAt: number }>('/api/game/period', { projectId: BENCH_PROJECT.id }, users[0]!.token);
    if (period.drawsAt - Date.now() < 3_000) {
      await sleep(period.drawsAt - Date.now() + 500);
      period = await call('/api/game/period', { projectId: BENCH_PROJECT.id }, users[0]!.token);
    }
    const heard = streams.map((stream) => stream.heardDrawn(period.periodNo));
    await sleep(Math.max(0, period.drawsAt - Date.now() - 200));
    const cpuBefore = cpuMs(server.pid);
    const times = await Promise.all(heard);
    const drawCpuMs = cpuMs(server.pid) - cpuBefore;
    return {
      streams: STREAMS,
      rssBeforeMb,
      rssOpenMb,
      kbPerStream: ((rssOpenMb - rssBeforeMb) * 1024) / STREAMS,
      drawCpuMs,
      firstHeardMs: Math.min(...times) - period.drawsAt,
      lastHeardMs: Math.max(...times) - period.drawsAt,
    };
  } finally {
    for (const stream of streams) stream.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function streamsSection(figures: StreamFigures): string {
  return `${SECTION_TITLE}

The server from the build on SQLite, its players set up as above; ${figures.streams} streams (\`/api/events\`, each on a connection
of its own, tickets spread over the players), then the next draw of the benchmark's project. Memory: resident, 2 s after
the last stream answered, against 2 s before the first. CPU: the server's, from 200 ms before the draw until every stream
had the period's \`drawn\` event (the draw itself included).

| streams | resident before MB | resident with the streams open MB | per stream KB | CPU for one draw told to all ms | first heard after the draw ms | last heard ms |
|---|---|---|---|---|---|---|
| ${figures.streams} | ${figures.rssBeforeMb.toFixed(1)} | ${figures.rssOpenMb.toFixed(1)} | ${figures.kbPerStream.toFixed(1)} | ${Math.round(figures.drawCpuMs)} | ${Math.round(figures.firstHeardMs)} | ${Math.round(figures.lastHeardMs)} |
`;
}

if (process.argv[1] === import.meta.filename) {
  const section = streamsSection(await measureStreams());
  replaceSection(SECTION_TITLE, section);
  console.log(section);
}
