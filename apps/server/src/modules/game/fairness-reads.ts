import { sql, type Kysely } from 'kysely';
import { formatMoney } from '@wallet/contract';
import { offsetOf, pageOf, type PageRequest } from '../../db/page.js';
import type { Database } from '../../db/schema.js';
import type { RunnerBeacon } from './period-runner.js';
import { lateDraws } from './late-draws.js';
import { periodView } from './periods.js';
import { projectNameIn } from './projects.js';

/** What the console's fairness page reads: the beacon's health, the draws late now, the void periods. */
export function createFairnessReads(db: Kysely<Database>, beacon: RunnerBeacon | undefined) {
  async function beaconHealth(now: number) {
    if (!beacon) return null;
    const probe = await beacon.client.probe();
    const state = beacon.client.state();
    return {
      url: state.url,
      chainHash: state.chain?.hash ?? null,
      genesisTime: state.chain?.genesisTime ?? null,
      period: state.chain?.period ?? null,
      timeoutSeconds: Math.round(beacon.timeoutMs / 1000),
      latest: 'error' in probe ? null : { ...probe, lagSeconds: Math.max(0, (now - probe.at) / 1000) },
      latestError: 'error' in probe ? probe.error : null,
      lastRound: state.lastRound,
      lastRoundAt: state.lastRoundAt,
      lastError: state.lastError,
    };
  }

  async function voided(page: PageRequest, now: number) {
    const periods = db.selectFrom('periods as d').innerJoin('projects as p', 'p.id', 'd.project_id').where('d.void_reason', 'is not', null);
    const [rows, count] = await Promise.all([
      periods.selectAll('d').select(['p.name', 'p.names']).orderBy('d.drawn_at', 'desc').limit(page.pageSize).offset(offsetOf(page)).execute(),
      periods.select(sql<string | number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    ]);
    const items = rows.map((row) => {
      const amount = Number(row.ordered_amount ?? 0);
      return {
        ...periodView(row, now),
        projectName: projectNameIn(row),
        orders: Number(row.order_count ?? 0),
        amount: formatMoney(amount),
        // Everything came back: paid out what was ordered, and the house neither won nor lost.
        payout: formatMoney(amount),
        houseResult: formatMoney(0),
      };
    });
    return pageOf(items, count.n, page);
  }

  return {
    async state(page: PageRequest, now: number) {
      const [health, late, list] = await Promise.all([beaconHealth(now), lateDraws(db, now), voided(page, now)]);
      return { beacon: health, lateDraws: late, voided: list };
    },
  };
}

export type FairnessReads = ReturnType<typeof createFairnessReads>;
