import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { reusableStatement } from '../../db/reusable-query.js';
import type { Database } from '../../db/schema.js';

export interface AuditEntry {
  operatorId: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
}

const insertAudit = reusableStatement(7, (db, id, operatorId, action, target, before, after, createdAt) =>
  db.insertInto('audit_log').values({
    id: id!,
    operator_id: operatorId!,
    action: action!,
    target: target!,
    before_json: before!,
    after_json: after!,
    created_at: sql<number>`${createdAt}`,
  }),
);

/** Written in the same transaction as the change it describes, so neither exists without the other. */
export async function recordAudit(db: Kysely<Database>, entry: AuditEntry, now: number): Promise<void> {
  await insertAudit(db, randomUUID(), entry.operatorId, entry.action, entry.target, JSON.stringify(entry.before ?? null), JSON.stringify(entry.after ?? null), now);
}
