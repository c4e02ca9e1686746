// Where a signed read's CPU goes: the server under a CPU profile (`node --cpu-prof`) while `/api/user/assets` is loaded
// at the highest connection count; the profile is summarised by where the code lives.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { prepare, type Prepared } from './api.js';
import { summariseProfile, type CostShare } from './cpu-profile.js';
import { assetsReads } from './http-load.js';
import { startServer } from './server.js';
import { CONNECTION_COUNTS } from './settings.js';

export interface ReadProfile {
  connections: number;
  /** The profiled run's rate: the profiler itself costs some. */
  perSecond: number;
  /** CPU time of the whole process (set-up included), idle and module loading excluded. */
  busyMs: number;
  shares: CostShare[];
}

/** Starts the server under the profiler, sets it up through its API, loads assets reads, stops it: the set-up stays for the runs after. */
export async function profiledAssetsReads(env: { DATA_DIR: string; DATABASE_URL?: string }): Promise<{ prepared: Prepared; profile: ReadProfile }> {
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-bench-profile-'));
  try {
    const server = await startServer(env, profileDir);
    const connections = Math.max(...CONNECTION_COUNTS);
    let prepared: Prepared;
    let perSecond: number;
    try {
      prepared = await prepare();
      perSecond = (await assetsReads(prepared.users, connections)).perSecond;
    } finally {
      await server.stop();
    }
    // The main thread's profile is the largest; node writes one per thread.
    const [file] = fs
      .readdirSync(profileDir)
      .filter((name) => name.endsWith('.cpuprofile'))
      .sort((a, b) => fs.statSync(path.join(profileDir, b)).size - fs.statSync(path.join(profileDir, a)).size);
    if (!file) throw new Error(`the server wrote no CPU profile to ${profileDir}`);
    return { prepared, profile: { connections, perSecond, ...summariseProfile(path.join(profileDir, file)) } };
  } finally {
    fs.rmSync(profileDir, { recursive: true, force: true });
  }
}

const percent = (share: number) => `${(share * 100).toFixed(0)} %`;

export function profileLine(profile: ReadProfile): string {
  return `assets reads under the profiler: ${profile.perSecond.toFixed(0)}/s; ${profile.shares
    .slice(0, 3)
    .map((share) => `${share.what} ${percent(share.share)}`)
    .join(', ')}`;
}

export function profileTable(profile: ReadProfile): string {
  return `Where the server's CPU goes under \`/api/user/assets\` reads at ${profile.connections} connections (a CPU profile of the
whole server process, ${(profile.busyMs / 1000).toFixed(1)} s busy, its set-up through the API included, module loading left out; ${profile.perSecond.toFixed(0)} reads/s under the profiler):

| where | share of busy CPU |
|---|---|
${profile.shares.map((share) => `| ${share.what} | ${percent(share.share)} |`).join('\n')}
`;
}
