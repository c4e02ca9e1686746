// What a server process spent its CPU on, from the .cpuprofile `node --cpu-prof` writes: self time grouped by where the code lives.
import fs from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface CostShare {
  what: string;
  /** Share of the process's busy time (idle and module loading excluded), 0–1. */
  share: number;
}

/** Native frames that are the kernel's work on sockets and files rather than JavaScript. */
const SYSTEM_CALLS = new Set(['writev', 'writeUtf8String', 'writeBuffer', 'writeLatin1String', 'readFile', 'close']);

function groupOf(frame: ProfileNode['callFrame']): string | null {
  const { functionName, url } = frame;
  if (functionName === '(idle)') return null;
  // Loading modules is start-up, not serving: left out like idle time.
  if (url.startsWith('node:internal/modules')) return null;
  if (functionName === '(garbage collector)') return 'garbage collection';
  if (functionName === '(program)') return 'V8 itself (compiling, runtime)';
  if (url === '' && SYSTEM_CALLS.has(functionName)) return 'system calls (socket writes)';
  // better-sqlite3 runs the statement inside this frame: its self time is SQLite's.
  if (url.includes('kysely/dist/esm/dialect/sqlite/sqlite-driver')) return 'SQLite (running the statements)';
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (inPackage) return `package ${inPackage[1]}`;
  if (url.startsWith('node:')) return 'Node.js (HTTP, streams, crypto)';
  if (url.includes('/apps/server/src/')) return 'the server\'s own code';
  if (url.includes('/packages/contract/src/')) return 'the contract (schemas, signing)';
  return url === '' ? 'native (other)' : 'other';
}

/** The largest shares of busy CPU time, biggest first. */
export function summariseProfile(file: string, top = 8): { busyMs: number; shares: CostShare[] } {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
  const groupById = new Map(profile.nodes.map((node) => [node.id, groupOf(node.callFrame)]));
  const byGroup = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, index) => {
    const group = groupById.get(id);
    const delta = profile.timeDeltas[index] ?? 0;
    if (!group) return;
    busy += delta;
    byGroup.set(group, (byGroup.get(group) ?? 0) + delta);
  });
  const shares = [...byGroup.entries()]
    .map(([what, micros]) => ({ what, share: busy > 0 ? micros / busy : 0 }))
    .sort((a, b) => b.share - a.share)
    .slice(0, top);
  return { busyMs: busy / 1000, shares };
}
