import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface AuditEntry {
  operatorId: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
}

/** Written in the same transaction as the change it describes, so neither exists without the other. */
export async function recordAudit(db: Kysely<Database>, entry: AuditEntry, now: number): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      id: randomUUID(),
      operator_id: entry.operatorId,
      action: entry.action,
      target: entry.target,
      before_json: JSON.stringify(entry.before ?? null),
      after_json: JSON.stringify(entry.after ?? null),
      created_at: now,
    })
    .execute();
}
