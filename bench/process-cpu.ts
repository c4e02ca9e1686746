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

/** Reads a cumulative CPU time in milliseconds: compare two readings to get what was spent between them. */
export type CpuMeter = () => number;

export const processMeter = (pid: number): CpuMeter => () => cpuMs(pid);

/**
 * Every process whose command is `name` (all of PostgreSQL's, say), together
 * with the time of children they reaped: a backend that exits mid-run moves
 * its time into its parent's count instead of out of the sum.
 */
export function namedMeter(name: string): CpuMeter {
  return () => {
    let total = 0;
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== name) continue;
        const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        total += [11, 12, 13, 14].reduce((sum, at) => sum + Number(fields[at]), 0);
      } catch {
        // gone between listing and reading: its parent counts it
      }
    }
    return (total * 1000) / TICKS_PER_SECOND;
  };
}

/** CPU time of this process's children that have exited and been reaped (a command it ran to its end, pgbench say). */
export const reapedChildrenMeter = (): CpuMeter => () => {
  const stat = fs.readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / TICKS_PER_SECOND;
};

/** The CPU milliseconds each meter reads while `work` runs, in the same order, and this process's own (the load generator's). */
export async function metersDuring<T>(meters: CpuMeter[], work: () => Promise<T>): Promise<{ result: T; cpuMs: number[]; ownMs: number }> {
  const before = meters.map((meter) => meter());
  const ownBefore = process.cpuUsage();
  const result = await work();
  const own = process.cpuUsage(ownBefore);
  return { result, cpuMs: meters.map((meter, i) => meter() - before[i]!), ownMs: (own.user + own.system) / 1000 };
}
