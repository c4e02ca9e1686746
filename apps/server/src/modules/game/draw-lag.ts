import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * How late each enabled project's draw is, in ms: since the oldest period due and not drawn, or,
 * when no period was even created (no round ran), since the one after the last drawn was due.
 */
export async function drawLags(db: Kysely<Database>, now: number): Promise<{ projectId: string; lagMs: number }[]> {
  const { rows } = await sql<{ id: string; period_seconds: number; oldest_due: number | string | null; last_drawn_due: number | string | null }>`
    select p.id, p.period_seconds,
      (select min(draws_at) from periods where project_id = p.id and drawn_at is null and draws_at <= ${now}) as oldest_due,
      (select max(draws_at) from periods where project_id = p.id and drawn_at is not null) as last_drawn_due
    from projects p where p.enabled = 1`.execute(db);
  return rows.map((row) => {
    const undrawn = row.oldest_due === null ? 0 : now - Number(row.oldest_due);
    const nothingCreated = row.last_drawn_due === null ? 0 : now - (Number(row.last_drawn_due) + row.period_seconds * 1000);
    return { projectId: row.id, lagMs: Math.max(0, undrawn, nothingCreated) };
  });
}
