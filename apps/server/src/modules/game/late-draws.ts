import type { Kysely } from 'kysely';
import { LATE_DRAW_SECONDS } from '@wallet/contract';
import type { Database } from '../../db/schema.js';
import { projectNameIn } from './projects.js';

/** Periods past their draw time by more than the grace, neither drawn nor void, oldest first: what the console raises an alert for. */
export async function lateDraws(db: Kysely<Database>, now: number) {
  const rows = await db
    .selectFrom('periods as d')
    .innerJoin('projects as p', 'p.id', 'd.project_id')
    .select(['d.project_id', 'd.period_no', 'd.draws_at', 'd.beacon_round', 'p.name', 'p.names'])
    .where('d.drawn_at', 'is', null)
    .where('d.draws_at', '<=', now - LATE_DRAW_SECONDS * 1000)
    .orderBy('d.draws_at')
    .limit(50)
    .execute();
  return rows.map((row) => ({
    projectId: row.project_id,
    projectName: projectNameIn({ name: row.name, names: row.names }),
    periodNo: row.period_no,
    drawsAt: Number(row.draws_at),
    lateSeconds: Math.floor((now - Number(row.draws_at)) / 1000),
    waitingForBeacon: row.beacon_round !== null,
  }));
}

export type LateDraws = (now: number) => ReturnType<typeof lateDraws>;
