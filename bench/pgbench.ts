// PostgreSQL's own benchmark on the same server, for scale: `pgbench -b tpcb-like`.
import { execFile } from 'node:child_process';
import os from 'node:os';
import { promisify } from 'node:util';
import { metersDuring, namedMeter, reapedChildrenMeter } from './process-cpu.js';
import { createDatabase, dropDatabase } from './server.js';
import { DURATION_S } from './settings.js';

const run = promisify(execFile);

export type PgbenchResult =
  | {
      ran: true;
      tps: number;
      latencyMs: number;
      transactions: number;
      clients: number;
      threads: number;
      seconds: number;
      version: string;
      /** CPU milliseconds per transaction of PostgreSQL's processes and of pgbench itself, over the run. */
      cpuMs: { postgres: number; pgbench: number };
    }
  | { ran: false; note: string };

const numberAfter = (text: string, label: RegExp) => Number(label.exec(text)?.[1] ?? Number.NaN);

/**
 * Initialises pgbench's tables (`pgbench -i -s 1`) in a scratch database on the
 * same server, runs the TPC-B-like script with each count of clients for the
 * scenario duration, and drops the database again.
 */
export async function runPgbench(serverUrl: string, scratchName: string, clientCounts: readonly number[]): Promise<PgbenchResult[]> {
  let version: string;
  try {
    version = (await run('pgbench', ['--version'])).stdout.trim();
  } catch {
    const note = 'pgbench is not installed here (it comes with the PostgreSQL client tools), so there is no tpcb-like figure.';
    console.warn(note);
    return [{ ran: false, note }];
  }
  const url = await createDatabase(serverUrl, scratchName);
  try {
    await run('pgbench', ['-i', '-s', '1', '-q', url]);
    const seconds = Math.max(1, Math.round(DURATION_S));
    const results: PgbenchResult[] = [];
    for (const clients of clientCounts) {
      const threads = Math.min(clients, os.availableParallelism());
      const { result, cpuMs } = await metersDuring([namedMeter('postgres'), reapedChildrenMeter()], () =>
        run('pgbench', ['-b', 'tpcb-like', '-c', String(clients), '-j', String(threads), '-T', String(seconds), url]),
      );
      const { stdout } = result;
      const transactions = numberAfter(stdout, /number of transactions actually processed: (\d+)/);
      results.push({
        ran: true,
        tps: numberAfter(stdout, /tps = ([\d.]+) \(without initial connection time\)/),
        latencyMs: numberAfter(stdout, /latency average = ([\d.]+) ms/),
        transactions,
        clients,
        threads,
        seconds,
        version,
        cpuMs: { postgres: cpuMs[0]! / transactions, pgbench: cpuMs[1]! / transactions },
      });
    }
    return results;
  } finally {
    await dropDatabase(serverUrl, scratchName);
  }
}
