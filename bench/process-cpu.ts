// CPU time a process has used, from /proc (Linux): what one request costs each process of a run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

/** Clock ticks per second, the unit of /proc/<pid>/stat's times. */
const TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** User plus system CPU time of `pid` so far, in milliseconds; 0 for a process that is gone. */
export function cpuMs(pid: number): number {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return 0;
  }
  // The command name (field 2) may hold spaces and parentheses: count the fields after its closing one.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const [utime, stime] = [Number(fields[11]), Number(fields[12])];
  return ((utime + stime) * 1000) / TICKS_PER_SECOND;
}

/** The CPU milliseconds each of `pids` uses while `work` runs, in the same order. */
export async function cpuDuring<T>(pids: number[], work: () => Promise<T>): Promise<{ result: T; cpuMs: number[] }> {
  const before = pids.map(cpuMs);
  const result = await work();
  return { result, cpuMs: pids.map((pid, i) => cpuMs(pid) - before[i]!) };
}

/** The processes whose command is `name` (e.g. every PostgreSQL backend), by /proc/<pid>/comm. */
export function pidsNamed(name: string): number[] {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === name;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** This process's own CPU milliseconds (user + system) while `work` runs: the load generator's share. */
export async function ownCpuDuring<T>(work: () => Promise<T>): Promise<{ result: T; cpuMs: number }> {
  const before = process.cpuUsage();
  const result = await work();
  const used = process.cpuUsage(before);
  return { result, cpuMs: (used.user + used.system) / 1000 };
}
