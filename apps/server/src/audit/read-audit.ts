import type { Kysely } from 'kysely';
import { daysSpan } from '@wallet/contract';
import type { Database } from '../db/schema.js';
import { offsetOf, pageOf, type PageRequest } from '../db/page.js';

export type AuditQuery = PageRequest & { operatorId?: string | undefined; action?: string | undefined; from?: string | undefined; to?: string | undefined };

/** The audit log, newest first, as the console lists it. */
export type AuditPage = Awaited<ReturnType<typeof readAudit>>;

export async function readAudit(db: Kysely<Database>, timeZone: string, input: AuditQuery) {
  let query = db.selectFrom('audit_log');
  if (input.operatorId) query = query.where('audit_log.operator_id', '=', input.operatorId);
  if (input.action) query = query.where('audit_log.action', '=', input.action);
  const { start, end } = daysSpan(input.from, input.to, timeZone);
  if (start !== undefined) query = query.where('audit_log.created_at', '>=', start);
  if (end !== undefined) query = query.where('audit_log.created_at', '<', end);
  const [rows, count] = await Promise.all([
    query
      .leftJoin('operators', 'operators.id', 'audit_log.operator_id')
      .select(['audit_log.id', 'operators.username', 'action', 'target', 'before_json', 'after_json', 'audit_log.created_at'])
      .orderBy('audit_log.created_at', 'desc')
      .orderBy('audit_log.id')
      .limit(input.pageSize)
      .offset(offsetOf(input))
      .execute(),
    query.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
  ]);
  const items = rows.map((row) => ({
    id: row.id,
    operator: row.username ?? '?',
    action: row.action,
    target: row.target,
    before: JSON.parse(row.before_json) as unknown,
    after: JSON.parse(row.after_json) as unknown,
    createdAt: row.created_at,
  }));
  return pageOf(items, count.total, input);
}
