import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { reusableInsert } from '../db/reusable-query.js';
import type { AuditLogTable, Database } from '../db/schema.js';

export interface AuditEntry {
  operatorId: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
}

const insertAudit = reusableInsert<AuditLogTable>('audit_log', ['id', 'operator_id', 'action', 'target', 'before_json', 'after_json', 'created_at']);

const auditRow = (entry: AuditEntry, now: number): AuditLogTable => ({
  id: randomUUID(),
  operator_id: entry.operatorId,
  action: entry.action,
  target: entry.target,
  before_json: JSON.stringify(entry.before ?? null),
  after_json: JSON.stringify(entry.after ?? null),
  created_at: now,
});

/** Written in the same transaction as the change it describes, so neither exists without the other. */
export async function recordAudit(db: Kysely<Database>, entry: AuditEntry, now: number): Promise<void> {
  await insertAudit(db, [auditRow(entry, now)]);
}

/** The lines of a batch of changes, each at its own time, in one statement. */
export async function recordAudits(db: Kysely<Database>, entries: { entry: AuditEntry; now: number }[]): Promise<void> {
  if (entries.length > 0) await db.insertInto('audit_log').values(entries.map(({ entry, now }) => auditRow(entry, now))).execute();
}
